/**
 * How the lines of a markdown-ish text hang together, so a snippet can keep what a matching line leads into:
 * the rest of its list item or paragraph, and the code block that prose introduces ("for example:"). Only
 * line shapes are read here; which lines to show is snippet.ts's job.
 */

/** One line's place in the text. */
export interface LineShape {
  /** Lines with the same block belong together: one paragraph, one list item with its continuation, one code block. */
  block: number;
  /** Inside a fenced code block (not the fence line itself). */
  code: boolean;
  /** The line is a code fence: the one that opens a block, or the one that closes it. */
  fence?: 'open' | 'close';
  /** A prose line whose next non-blank line opens a code block ("For example:"). */
  introducesCode: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ITEM_START = /^\s*(?:[-*+]|\d+[.)])\s+/;
const HEADING = /^\s{0,3}#{1,6}\s/;

/** The shape of every line of `text`, indexed by line number − 1. */
export function lineShapes(text: string): LineShape[] {
  const lines = text.split('\n');
  const shapes: LineShape[] = [];
  let block = 0;
  let fence = false;
  let blank = true;
  for (const raw of lines) {
    const isFence = FENCE.test(raw);
    if (isFence) {
      // The opening fence starts a block of its own; the closing fence ends it.
      if (!fence) block++;
      fence = !fence;
      shapes.push({ block, code: false, introducesCode: false, fence: fence ? 'open' : 'close' });
      if (!fence) block++;
      blank = false;
      continue;
    }
    if (fence) {
      shapes.push({ block, code: true, introducesCode: false });
      continue;
    }
    if (!raw.trim()) {
      shapes.push({ block, code: false, introducesCode: false });
      blank = true;
      continue;
    }
    // A new paragraph, list item or heading starts a block; an indented or lazy continuation line does not.
    if (blank || ITEM_START.test(raw) || HEADING.test(raw) || /^\s*\|/.test(raw)) block++;
    blank = false;
    shapes.push({ block, code: false, introducesCode: false });
  }
  // A prose line introduces code when the next non-blank line opens a fence.
  for (let i = 0; i < lines.length; i++) {
    if (shapes[i]!.fence !== 'open') continue;
    let j = i - 1;
    while (j >= 0 && !lines[j]!.trim()) j--;
    if (j >= 0 && !shapes[j]!.code && !shapes[j]!.fence) shapes[j]!.introducesCode = true;
  }
  return shapes;
}
