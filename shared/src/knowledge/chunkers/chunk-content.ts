import type { ContentFormat } from '../types.js';
import { CHUNK_CAP_BYTES, type Chunk } from './chunk.js';
import { chunkCode } from './chunk-code.js';
import { chunkJson } from './chunk-json.js';
import { chunkMarkdown } from './chunk-markdown.js';
import { chunkRst } from './chunk-rst.js';
import { chunkText } from './chunk-text.js';

export type { Chunk } from './chunk.js';

/** Dispatches to the chunker for a format. Every chunk returned is ≤ `maxBytes` of UTF-8. */
export function chunkContent(content: string, format: ContentFormat, maxBytes = CHUNK_CAP_BYTES): Chunk[] {
  switch (format) {
    case 'markdown':
      return chunkMarkdown(content, maxBytes);
    case 'rst':
      return chunkRst(content, maxBytes);
    case 'json':
      return chunkJson(content, maxBytes);
    case 'code':
      return chunkCode(content, maxBytes);
    default:
      return chunkText(content, maxBytes);
  }
}

const CODE_EXT =
  /\.(?:[cm]?[jt]sx?|py|rb|go|rs|java|kt|kts|scala|swift|c|cc|cpp|h|hpp|cs|php|pl|r|ex|exs|lua|sh|bash|zsh|ps1|sql|vue|svelte|dart|zig)$/i;

/** Picks a format from a file name (markdown, reStructuredText, json, code, else text). */
export function formatForPath(path: string): ContentFormat {
  if (/\.(?:md|mdx|markdown)$/i.test(path)) return 'markdown';
  if (/\.(?:rst|rest)$/i.test(path)) return 'rst';
  if (/\.(?:json|jsonc|json5)$/i.test(path)) return 'json';
  if (CODE_EXT.test(path)) return 'code';
  return 'text';
}
