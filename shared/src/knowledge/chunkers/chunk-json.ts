import { CHUNK_CAP_BYTES, type Chunk, utf8Length } from './chunk.js';
import { chunkText } from './chunk-text.js';

const IDENTITY_KEYS = ['id', 'name', 'title', 'path', 'slug', 'key', 'label'];

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return typeof v === 'object' && v !== null;
}

function identity(item: unknown): string | undefined {
  if (!isContainer(item) || Array.isArray(item)) return undefined;
  for (const key of IDENTITY_KEYS) {
    const v = (item as Record<string, unknown>)[key];
    if (typeof v === 'string' || typeof v === 'number')
      return String(v).length > 40 ? `${String(v).slice(0, 39)}…` : String(v);
  }
  return undefined;
}

function pathTitle(path: string[]): string {
  return path.length ? path.join(' > ') : '(root)';
}

/**
 * JSON → chunks keyed by path. A value that fits the cap is one chunk unless it is an object holding nested
 * containers, which recurse (its scalar members stay together under the object's path). Arrays are batched
 * to the cap and each batch is titled by its items' identity field (id, name, title, path, slug, key, label):
 * one value, up to three, or a range `a…b`; else by index range `[i-j]`. Invalid JSON falls back to plain text.
 */
export function chunkJson(text: string, maxBytes = CHUNK_CAP_BYTES): Chunk[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return chunkText(text, maxBytes);
  }
  const out: Chunk[] = [];
  const emit = (title: string, content: string) => {
    if (utf8Length(content) <= maxBytes) {
      out.push({ title, content, contentType: 'code' });
      return;
    }
    for (const c of chunkText(content, maxBytes, title))
      out.push({ ...c, title: c.title.startsWith('Lines') ? `${title} ${c.title}` : c.title, contentType: 'code' });
  };
  const walk = (v: unknown, path: string[]) => {
    const pretty = JSON.stringify(v, null, 2) ?? 'null';
    if (utf8Length(pretty) <= maxBytes || !isContainer(v)) {
      emit(pathTitle(path), pretty);
      return;
    }
    if (Array.isArray(v)) {
      walkArray(v, path);
      return;
    }
    const scalars: Record<string, unknown> = {};
    let hasScalars = false;
    for (const [k, child] of Object.entries(v)) {
      if (isContainer(child)) continue;
      scalars[k] = child;
      hasScalars = true;
    }
    if (hasScalars) emit(pathTitle(path), JSON.stringify(scalars, null, 2));
    for (const [k, child] of Object.entries(v)) if (isContainer(child)) walk(child, [...path, k]);
  };
  const walkArray = (arr: unknown[], path: string[]) => {
    let batch: unknown[] = [];
    let batchStart = 0;
    let bytes = 2;
    const flush = (end: number) => {
      if (!batch.length) return;
      const ids = batch.map(identity).filter((x): x is string => x !== undefined);
      let label: string;
      if (ids.length === batch.length && ids.length <= 3) label = ids.join(', ');
      else if (ids.length === batch.length) label = `${ids[0]}…${ids[ids.length - 1]}`;
      else label = batch.length === 1 ? `[${batchStart}]` : `[${batchStart}-${end - 1}]`;
      emit(`${pathTitle(path)} > ${label}`, JSON.stringify(batch, null, 2));
      batch = [];
      bytes = 2;
    };
    arr.forEach((item, i) => {
      const size = utf8Length(JSON.stringify(item, null, 2) ?? 'null') + 4;
      if (size > maxBytes) {
        flush(i);
        walk(item, [...path, identity(item) ?? `[${i}]`]);
        batchStart = i + 1;
        return;
      }
      if (batch.length && bytes + size > maxBytes) {
        flush(i);
        batchStart = i;
      }
      batch.push(item);
      bytes += size;
    });
    flush(arr.length);
  };
  walk(value, []);
  return out;
}
