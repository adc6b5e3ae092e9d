/**
 * Where a TOML text's comments are, line by line. A `#` is a comment only outside strings, and a multi-line string
 * (`"""…"""`, `'''…'''`) runs over lines: its lines are the user's value, however they look. Reading each line on
 * its own took a line like `# note` inside such a string for a comment, and re-rendering our block then wrote it
 * out a second time, as a comment.
 */
export interface ScannedLine {
  /** The line without its line break (a CRLF's `\r` included). */
  text: string;
  /** The line starts inside a multi-line string. */
  inString: boolean;
  /** Where the line's comment starts, or -1. */
  comment: number;
}

type Quote = '"' | "'" | '"""' | "'''";

export function scanTomlLines(text: string): ScannedLine[] {
  const out: ScannedLine[] = [];
  let open: Quote | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const inString = open !== undefined;
    let comment = -1;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (open === undefined) {
        if (c === '#') {
          comment = i;
          break;
        }
        if (c !== '"' && c !== "'") continue;
        open = line.startsWith(c.repeat(3), i) ? (c.repeat(3) as Quote) : c;
        i += open.length - 1;
      } else if (c === '\\' && open[0] === '"') {
        i++; // An escape: the next character is content (a `\` ending the line continues the string).
      } else if (line.startsWith(open, i)) {
        // A multi-line string may end in up to two more quotes of its kind, which are content.
        let end = i + open.length;
        if (open.length === 3) while (end < i + 5 && line[end] === open[0]) end++;
        i = end - 1;
        open = undefined;
      }
    }
    // A one-line string cannot run past its line (such a file does not parse anyway).
    if (open === '"' || open === "'") open = undefined;
    out.push({ text: line, inString, comment });
  }
  return out;
}
