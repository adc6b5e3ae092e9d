import type { ContentFormat } from '@context-mode/shared/knowledge/types';
import { formatForPath } from '@context-mode/shared/knowledge/chunkers/chunk-content';
import { convertHtml } from './convert-html.js';

export interface ConvertedBody {
  format: ContentFormat;
  content: string;
  /** What the body was recognised as: 'html', 'json' or 'text'. */
  kind: 'html' | 'json' | 'text';
  /** Set when the page was converted by the plain linear extraction, with why. */
  note?: string;
}

/** A body that is not text (NUL bytes): refused with a clear reason, never indexed as noise. */
export class BinaryBodyError extends Error {
  override readonly name = 'BinaryBodyError';
}

/** The charset named in a Content-Type header, when TextDecoder knows it. */
function charsetOf(contentType: string): string | undefined {
  const m = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  if (!m) return undefined;
  try {
    new TextDecoder(m[1]!);
    return m[1]!;
  } catch {
    return undefined;
  }
}

/** Decodes the body: a UTF-16 BOM, else the header's charset, else a `<meta charset>` in the first 2 KiB, else UTF-8. */
export function decodeBody(body: Buffer, contentType: string): string {
  let charset = utf16Bom(body) ?? charsetOf(contentType);
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

function utf16Bom(body: Buffer): string | undefined {
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** True when the body looks like binary (NUL bytes in the first 8 KiB, UTF-16 with a BOM excepted). */
function looksBinary(body: Buffer, contentType = ''): boolean {
  if (utf16Bom(body) || /charset\s*=\s*"?utf-16/i.test(contentType)) return false;
  return body.subarray(0, 8192).includes(0);
}

/**
 * Body → what the knowledge base indexes. JSON (by type or by shape) is pretty-printed and indexed as 'json'
 * (key-path chunks); HTML (by type or a leading tag) becomes markdown; markdown and reStructuredText (by type or
 * the URL's file name) keep their format; anything else is plain text.
 */
export async function convertBody(body: Buffer, contentType: string, url = ''): Promise<ConvertedBody> {
  if (looksBinary(body, contentType)) {
    throw new BinaryBodyError(
      `binary content (${contentType || 'no content type'}, ${body.length} bytes): not indexed`,
    );
  }
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
    const html = await convertHtml(text, url || undefined);
    return {
      kind: 'html',
      format: 'markdown',
      content: html.markdown,
      ...(html.fallback ? { note: `converted as plain text (${html.fallback})` } : {}),
    };
  }
  // A raw docs file (a README.md or index.rst on a code host) is chunked by its own headings.
  const byPath = formatForPath(pathOf(url));
  if (byPath === 'markdown' || byPath === 'rst') return { kind: 'text', format: byPath, content: text };
  if (type === 'text/markdown' || type === 'text/x-markdown')
    return { kind: 'text', format: 'markdown', content: text };
  if (type === 'text/x-rst' || type === 'text/prs.fallenstein.rst')
    return { kind: 'text', format: 'rst', content: text };
  return { kind: 'text', format: 'text', content: text };
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}
