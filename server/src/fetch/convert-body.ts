import type { ContentFormat } from '@context-mode/shared/knowledge/types';
import { htmlToMarkdown } from './html-to-markdown.js';

export interface ConvertedBody {
  format: ContentFormat;
  content: string;
  /** What the body was recognised as: 'html', 'json' or 'text'. */
  kind: 'html' | 'json' | 'text';
}

/** The charset named in a Content-Type header, when TextDecoder knows it. */
export function charsetOf(contentType: string): string | undefined {
  const m = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  if (!m) return undefined;
  try {
    new TextDecoder(m[1]!);
    return m[1]!;
  } catch {
    return undefined;
  }
}

/** Decodes the body: the header's charset, else a BOM, else a `<meta charset>` in the first 2 KiB, else UTF-8. */
export function decodeBody(body: Buffer, contentType: string): string {
  let charset = charsetOf(contentType);
  if (!charset) {
    const head = body.subarray(0, 2048).toString('latin1');
    const meta = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head);
    if (meta) charset = charsetOf(`charset=${meta[1]}`);
  }
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return body.toString('utf8');
  }
}

/** True when the body looks like binary (NUL bytes in the first 8 KiB): nothing useful to index. */
export function looksBinary(body: Buffer): boolean {
  return body.subarray(0, 8192).includes(0);
}

/**
 * Body → what the knowledge base indexes. JSON (by type or by shape) is pretty-printed and indexed as 'json'
 * (key-path chunks); HTML (by type or a leading tag) becomes markdown; anything else is plain text.
 */
export async function convertBody(body: Buffer, contentType: string, url = ''): Promise<ConvertedBody> {
  const text = decodeBody(body, contentType);
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const trimmed = text.trimStart();
  const jsonType = type === 'application/json' || type.endsWith('+json') || type === 'text/json';
  if (jsonType || ((type === '' || type === 'text/plain') && /^[[{]/.test(trimmed))) {
    try {
      return { kind: 'json', format: 'json', content: JSON.stringify(JSON.parse(text), null, 2) };
    } catch {
      // Declared JSON that does not parse is indexed as text, not dropped.
    }
  }
  const htmlType = type === 'text/html' || type === 'application/xhtml+xml';
  if (htmlType || (type === '' && /^(<!doctype html|<html[\s>])/i.test(trimmed))) {
    return { kind: 'html', format: 'markdown', content: await htmlToMarkdown(text, url || undefined) };
  }
  const markdownType =
    type === 'text/markdown' || type === 'text/x-markdown' || /\.(md|markdown|mdx)$/i.test(pathOf(url));
  return { kind: 'text', format: markdownType ? 'markdown' : 'text', content: text };
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}
