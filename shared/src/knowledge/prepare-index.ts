import { redactSecrets } from '../policy/redact.js';
import { chunkContent } from './chunkers/chunk-content.js';
import { appendAll, type Chunk } from './chunkers/chunk.js';
import { chunkRstInSteps } from './chunkers/chunk-rst.js';
import { identifierExpansions, vocabularyWords } from './query-terms.js';
import type { ContentFormat } from './types.js';

/** A chunk ready to store: its text plus the FTS body (text and identifier expansions). */
export interface PreparedChunk extends Chunk {
  ftsTitle: string;
  ftsBody: string;
}

export interface PreparedContent {
  chunks: PreparedChunk[];
  /** Words for the typo fallback's vocabulary. */
  words: Set<string>;
  redactions: number;
  /** The stored (cleaned, redacted) text. */
  text: string;
}

/** Called between slices of work; the async indexer yields to the event loop there. */
export type Pause = () => void | Promise<void>;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Redaction works on segments of about this size so no single step holds the event loop for long. */
const SEGMENT_CHARS = 128 * 1024;

/** NUL ends a string for one of the drivers and lone surrogates encode differently per driver: keep what both read back. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Cuts text into segments at line ends (or, in one long line, at a non-token character) so a secret is never
 * split between two segments; a private-key block is kept in one segment whole.
 */
export function redactionSegments(text: string, size = SEGMENT_CHARS): string[] {
  if (text.length <= size) return [text];
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + size);
    if (end < text.length) {
      const nl = text.lastIndexOf('\n', end);
      if (nl > at) end = nl + 1;
      else {
        // One long line: cut after the last character no token pattern can contain.
        const window = text.slice(at, end);
        const m = /[^A-Za-z0-9_.+/=~-][A-Za-z0-9_.+/=~-]*$/.exec(window);
        if (m && m.index > 0) end = at + m.index + 1;
      }
      const piece = text.slice(at, end);
      const begin = piece.lastIndexOf('-----BEGIN ');
      if (begin >= 0 && piece.indexOf('-----END ', begin) < 0) {
        const close = text.indexOf('-----END ', end);
        const closeEnd = close < 0 ? text.length : text.indexOf('\n', close);
        end = closeEnd < 0 ? text.length : closeEnd + 1;
      }
    }
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/** Chunking works on pieces of about this size in the non-blocking indexer (chunking 5 MB at once took ~0.1 s). */
const CHUNKING_SEGMENT_CHARS = 256 * 1024;

/**
 * Large markdown is chunked in pieces cut before a heading (the highest level found), else at a blank line,
 * so sections keep their titles. reStructuredText is stepped through by chunkRstInSteps instead. Other formats
 * are chunked whole: plain-text windows are titled by line numbers and JSON and code structure spans the file.
 */
export function chunkingSegments(text: string, format: ContentFormat, size = CHUNKING_SEGMENT_CHARS): string[] {
  if (text.length <= size * 2 || format !== 'markdown') return [text];
  const out: string[] = [];
  let at = 0;
  while (text.length - at > size * 2) {
    const limit = at + size;
    const window = text.slice(at + size / 2, limit);
    const cuts = ['\n# ', '\n## ', '\n### ', '\n\n', '\n'];
    let end = -1;
    for (const c of cuts) {
      const i = window.lastIndexOf(c);
      if (i >= 0) {
        end = at + size / 2 + i + 1;
        break;
      }
    }
    if (end <= at) break; // one enormous line: leave the rest whole (the chunker splits it linearly)
    out.push(text.slice(at, end));
    at = end;
  }
  out.push(text.slice(at));
  return out;
}

/**
 * The chunks of `text` in batches, each a bounded slice of work: reStructuredText in steps of one stateful
 * pass (its heading levels depend on everything before), other formats by chunkingSegments.
 */
function* chunkingSteps(text: string, format: ContentFormat, cap: number): Generator<Chunk[]> {
  if (format === 'rst') {
    yield* chunkRstInSteps(text, cap);
    return;
  }
  for (const piece of chunkingSegments(text, format)) yield chunkContent(piece, format, cap);
}

function prepareChunk(c: Chunk, words: Set<string>): PreparedChunk {
  const titleExp = identifierExpansions(c.title);
  const bodyExp = identifierExpansions(c.content);
  for (const w of vocabularyWords(`${c.title} ${c.content}`)) words.add(w);
  return {
    ...c,
    ftsTitle: titleExp ? `${c.title} ; ${titleExp}` : c.title,
    ftsBody: bodyExp ? `${c.content}\n${bodyExp}` : c.content,
  };
}

/** Clean → redact → chunk → expand, in one go (the synchronous indexer). */
export function prepareContent(content: string, format: ContentFormat, cap: number): PreparedContent {
  const { text, count } = redactSecrets(storable(content));
  const words = new Set<string>();
  const chunks = chunkContent(text, format, cap).map((c) => prepareChunk(c, words));
  return { chunks, words, redactions: count, text };
}

/**
 * The same result as prepareContent, with `pause` called between bounded slices (a redaction segment, a few
 * milliseconds of chunk expansion, a step of markdown or reST sections). JSON, code and plain text are chunked
 * in one go, and so is one huge section, so a multi-megabyte input of those still holds the event loop for
 * a fraction of a second (measured: ~0.9 s for 6 MB of JSON).
 */
export async function prepareContentInSlices(
  content: string,
  format: ContentFormat,
  cap: number,
  pause: Pause,
  sliceMs = 15,
): Promise<PreparedContent> {
  let redactions = 0;
  const parts: string[] = [];
  for (const segment of redactionSegments(storable(content))) {
    const r = redactSecrets(segment);
    redactions += r.count;
    parts.push(r.text);
    await pause();
  }
  const text = parts.join('');
  const raw: Chunk[] = [];
  for (const batch of chunkingSteps(text, format, cap)) {
    appendAll(raw, batch);
    await pause();
  }
  const words = new Set<string>();
  const chunks: PreparedChunk[] = [];
  let sliceStart = performance.now();
  for (const c of raw) {
    chunks.push(prepareChunk(c, words));
    if (performance.now() - sliceStart > sliceMs) {
      await pause();
      sliceStart = performance.now();
    }
  }
  return { chunks, words, redactions, text };
}
