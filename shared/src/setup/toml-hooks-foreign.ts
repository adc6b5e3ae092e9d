import { parse } from 'smol-toml';
import { isOurHookEntry } from './hook-entries.js';
import { SetupError } from './setup-error.js';
import { scanTomlLines, type ScannedLine } from './toml-line-scan.js';

/** The only keys setup writes in a Kimi `[[hooks]]` table of ours (Kimi allows no other). */
const OUR_HOOK_KEYS = new Set(['event', 'command']);

/**
 * A line of a multi-line string is the user's value whatever it starts with (scanTomlLines): read on its own, a
 * script's `[ -f x ] && …` line was a table header (splitting their table, and dropping the blank line before it as
 * the end of one) and a `[[hooks]]` line in it could start a table that looked like ours, whose lines were dropped.
 */
const isComment = (line: ScannedLine) => !line.inString && line.text.trim().startsWith('#');
const isHeader = (line: ScannedLine) => !line.inString && line.text.trim().startsWith('[');
const keyOf = (line: ScannedLine) => (line.inString ? undefined : /^\s*([A-Za-z0-9_-]+)\s*=/.exec(line.text)?.[1]);

function parsedHook(lines: string[]): unknown {
  try {
    const hooks = (parse(lines.join('\n')) as { hooks?: unknown }).hooks;
    return Array.isArray(hooks) && hooks.length === 1 ? hooks[0] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The user's lines inside our hooks block (`block`: its text, markers included), in their order: a table of theirs
 * (`[[hooks]]` running another command, any other table) whole, and every comment (setup writes none). Setup
 * re-renders the block and uninstall cuts it, so these are put just after it, byte for byte. A line setup cannot
 * place without changing what it means (a key of theirs inside one of our tables, or before the first table, where
 * it belongs to the table above the block) is refused, naming the file and line, before anything is written.
 */
export function userLinesInHooksBlock(block: string, file: string, firstLine: number): string[] {
  const lines = scanTomlLines(block).slice(1);
  const end = lines.findIndex((l) => !l.inString && l.text.startsWith('# <<< context-mode'));
  const inner = lines.slice(0, end < 0 ? lines.length : end);
  const kept: string[] = [];
  const refuse = (i: number): never => {
    throw new SetupError(
      'unexpected-shape',
      `${file}: line ${firstLine + 1 + i} is inside the context-mode hooks block but setup did not write it`,
      `Move that line out of the lines between the "# >>> context-mode hooks" and "# <<< context-mode hooks" markers (after the second one), and run the command again.`,
    );
  };
  let i = 0;
  for (; i < inner.length && !isHeader(inner[i]!); i++) {
    if (isComment(inner[i]!)) kept.push(inner[i]!.text);
    else if (inner[i]!.text.trim()) refuse(i);
  }
  while (i < inner.length) {
    const start = i;
    for (i++; i < inner.length && !isHeader(inner[i]!); i++);
    const table = inner.slice(start, i);
    if (inner[start]!.text.trim() === '[[hooks]]' && isOurHookEntry(parsedHook(table.map((l) => l.text)))) {
      table.forEach((line, j) => {
        if (j === 0 || !line.text.trim()) return;
        if (isComment(line)) kept.push(line.text);
        else if (!OUR_HOOK_KEYS.has(keyOf(line) ?? '')) refuse(start + j);
      });
    } else {
      // Blank lines ending the table (not a string's: those end in its closing quotes) separate it from the next.
      while (table.length && !table[table.length - 1]!.text.trim()) table.pop();
      kept.push(...table.map((l) => l.text));
    }
  }
  return kept;
}
