import { findMarkedBlock } from './marked-block.js';
import { BLOCK_END, BLOCK_START } from '../instructions/render-instructions.js';

function findBlock(text: string): { start: number; end: number } | undefined {
  return findMarkedBlock(text, BLOCK_START, BLOCK_END);
}

/**
 * Puts our marker-delimited block into an instruction file: replaces an earlier one in place, else appends it
 * after a blank line. `wholeFile` is what a new file starts as (e.g. Cursor's rule front matter + the block).
 */
export function mergeInstructionBlock(text: string, block: string, wholeFile: string): string {
  if (text === '') return wholeFile;
  const found = findBlock(text);
  if (found) return text.slice(0, found.start) + block + text.slice(found.end);
  return `${text}${text.endsWith('\n') ? '' : '\n'}\n${block}`;
}

/** Removes our block (and the blank line setup put before it); `wholeFile` left alone means the file was ours. */
export function removeInstructionBlock(text: string, wholeFile: string): string {
  if (text === wholeFile) return '';
  const found = findBlock(text);
  if (!found) return text;
  let start = found.start;
  const before = text.slice(0, start);
  if (found.end >= text.length && before.endsWith('\n\n')) start -= 1;
  const out = text.slice(0, start) + text.slice(found.end);
  // A file that held only a generated wrapper around our block (Cursor's front matter) was ours.
  const prefix = wholeFile.slice(0, wholeFile.indexOf(BLOCK_START));
  return prefix && out === prefix ? '' : out;
}

/** The block an instruction file holds now, markers included, or undefined. */
export function currentInstructionBlock(text: string): string | undefined {
  const found = findBlock(text);
  return found ? text.slice(found.start, found.end) : undefined;
}
