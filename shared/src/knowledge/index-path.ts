import { existsSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { formatForPath } from './chunkers/chunk-content.js';
import { contentHash } from './content-hash.js';
import { convertedMeta } from './converted-source.js';
import { isHtmlDocument, isHtmlPath, type HtmlConverter } from './html-document.js';
import { indexWithoutBlocking } from './index-without-blocking.js';
import { readTextFile } from './read-text-file.js';
import type { KnowledgeBase } from './types.js';
import { walkDirectory, type WalkOptions } from './walk-directory.js';
import { settingName } from '../settings/settings.js';
import { errorMessage } from '../errors/error-message.js';

/** Env var that lets ctx_index / `context-mode index` read outside the project root (the user's opt-in). */
export const ALLOW_OUTSIDE_ENV = settingName('allowOutside');
export class IndexPathError extends Error {
  override readonly name = 'IndexPathError';
}

export interface IndexPathOptions extends WalkOptions {
  projectRoot: string;
  /** Label for a single file; for a directory, the prefix of each file's label (`<source>:<relative path>`). */
  source?: string;
  sessionId?: string;
  /** Allow a path outside the project root (otherwise refused with how to allow it). */
  allowOutside?: boolean;
  /** Called after each file of a directory walk (await it to send progress between files). */
  onProgress?: (done: number, total: number, file: string) => void | Promise<void>;
  /**
   * Converts HTML documents (see isHtmlDocument) to markdown, so they are indexed as their text, by sections.
   * Without it, HTML files are indexed as they are.
   */
  convertHtml?: HtmlConverter;
}

interface IndexedFile {
  path: string;
  source: string;
  chunks: number;
}

export interface IndexPathResult {
  kind: 'file' | 'dir';
  /** Absolute real path that was indexed. */
  path: string;
  files: IndexedFile[];
  chunks: number;
  codeChunks: number;
  bytes: number;
  redactions: number;
  skipped: Array<{ path: string; reason: string }>;
  capped: boolean;
  totalSeen: number;
  /** Sources of files under the directory that no longer exist on disk, removed by this re-index. */
  removed: string[];
  /** HTML documents indexed as their text (converted to markdown). */
  htmlConverted?: number;
  /** HTML documents not fully converted: `indexedAs` says what was indexed instead, `reason` why. */
  htmlFallbacks?: Array<{ path: string; reason: string; indexedAs: 'plain extraction' | 'html' }>;
}

function inside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/**
 * The markdown of an HTML document, or undefined to index the file as it is (not HTML, a template, no
 * converter, or the conversion failed — reported in `result`, never fatal for the other files).
 */
async function convertIfDocument(
  file: string,
  text: string,
  convert: HtmlConverter | undefined,
  result: IndexPathResult,
): Promise<string | undefined> {
  if (!convert || !isHtmlPath(file) || !isHtmlDocument(text)) return undefined;
  const note = (reason: string, indexedAs: 'plain extraction' | 'html') =>
    (result.htmlFallbacks ??= []).push({ path: file, reason, indexedAs });
  try {
    const { markdown, fallback } = await convert(text, file);
    // A page of scripts only (an app shell) has no text: the file as it is loses nothing.
    if (!markdown.trim()) {
      note('no readable text after conversion', 'html');
      return undefined;
    }
    if (fallback) note(fallback, 'plain extraction');
    result.htmlConverted = (result.htmlConverted ?? 0) + 1;
    return markdown;
  } catch (err) {
    note(errorMessage(err), 'html');
    return undefined;
  }
}

function labelFor(file: string, root: string): string {
  const rel = relative(root, file);
  return !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : file;
}

/**
 * Indexes a file or a directory tree into `kb`, one source per file (so each refreshes on its own when it
 * changes). The path must resolve (after realpath) inside the project root unless `allowOutside`.
 * Binary, oversized and unreadable files, and any file whose indexing fails, are skipped and reported, never
 * fatal.
 */
export async function indexPath(
  kb: KnowledgeBase,
  target: string,
  options: IndexPathOptions,
): Promise<IndexPathResult> {
  const abs = resolve(options.projectRoot, target);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    throw new IndexPathError(`path not found: ${target} (resolved to ${abs})`);
  }
  let rootReal: string;
  try {
    rootReal = realpathSync(options.projectRoot);
  } catch {
    rootReal = resolve(options.projectRoot);
  }
  if (!options.allowOutside && !inside(real, rootReal)) {
    throw new IndexPathError(
      `refused: ${target} resolves to ${real}, outside the project root ${rootReal}. ` +
        `To allow paths outside the project, set ${ALLOW_OUTSIDE_ENV}=1 in the server's environment.`,
    );
  }
  const result: IndexPathResult = {
    kind: 'file',
    path: real,
    files: [],
    chunks: 0,
    codeChunks: 0,
    bytes: 0,
    redactions: 0,
    skipped: [],
    capped: false,
    totalSeen: 1,
    removed: [],
  };
  const indexOne = async (file: string, source: string) => {
    const { text, reason } = readTextFile(file);
    if (text === undefined) {
      result.skipped.push({ path: file, reason: reason ?? 'unreadable' });
      return;
    }
    const converted = await convertIfDocument(file, text, options.convertHtml, result);
    let r;
    try {
      r = await indexWithoutBlocking(kb, {
        source,
        content: converted ?? text,
        format: converted !== undefined ? 'markdown' : formatForPath(file),
        filePath: file,
        kind: 'file',
        ...(converted !== undefined ? { meta: { ...convertedMeta(contentHash(text)) } } : {}),
        ...(options.sessionId ? { sessionId: options.sessionId } : {}),
      });
    } catch (err) {
      // One file that cannot be indexed must not cost the user the rest of the directory.
      if (converted !== undefined) result.htmlConverted = (result.htmlConverted ?? 1) - 1;
      result.skipped.push({
        path: file,
        reason: `indexing failed: ${errorMessage(err)}`,
      });
      return;
    }
    result.files.push({ path: file, source, chunks: r.chunks });
    result.chunks += r.chunks;
    result.codeChunks += r.codeChunks;
    result.bytes += r.bytes;
    result.redactions += r.redactions;
  };
  if (!statSync(real).isDirectory()) {
    await indexOne(real, options.source?.trim() || `file:${labelFor(real, rootReal)}`);
    return result;
  }
  result.kind = 'dir';
  const walk = walkDirectory(real, { ...options, boundary: options.allowOutside ? real : rootReal });
  for (const s of walk.skipped) result.skipped.push(s);
  result.capped = walk.capped;
  result.totalSeen = walk.totalSeen;
  let done = 0;
  for (const file of walk.files) {
    const source = options.source?.trim()
      ? `${options.source.trim()}:${relative(real, file).split(sep).join('/')}`
      : `file:${labelFor(file, rootReal)}`;
    await indexOne(file, source);
    done++;
    await options.onProgress?.(done, walk.files.length, file);
  }
  // Re-indexing a directory also forgets files deleted since the last time, so searches stop finding them.
  const prefix = real.endsWith(sep) ? real : real + sep;
  for (const s of kb.listSources()) {
    if (s.filePath && s.filePath.startsWith(prefix) && !existsSync(s.filePath) && kb.deleteSource(s.source))
      result.removed.push(s.source);
  }
  return result;
}
