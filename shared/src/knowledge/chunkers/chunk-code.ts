import { appendAll, CHUNK_CAP_BYTES, type Chunk, numberedTitles, packUnits, utf8Length } from './chunk.js';

/** A top-level line that opens a declaration in the common languages (JS/TS, Python, Go, Rust, Java, C#, Ruby, PHP, shell). */
const DECLARATION =
  /^(?:export\s+(?:default\s+)?|pub(?:\([^)]*\))?\s+|public\s+|private\s+|protected\s+|internal\s+|static\s+|abstract\s+|final\s+|async\s+|unsafe\s+|declare\s+)*(?:function\*?|class|interface|type|enum|const|let|var|def|fn|struct|trait|impl|mod|func|module|namespace|record|object|sub|[A-Za-z_][\w.]*\s*\(\)\s*\{)\b/;
const DECORATION = /^(?:@\w|#\[|\/\/|\/\*|\*|#(?!!)|"""|''')/;
const MERGE_BELOW = 1024;

function declarationName(line: string): string {
  const m =
    /\b(?:function\*?|class|interface|type|enum|const|let|var|def|fn|struct|trait|impl|mod|func|module|namespace|record|object|sub)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$.<>]*)/.exec(
      line,
    ) ?? /^([A-Za-z_][\w.]*)\s*\(\)/.exec(line);
  const kind =
    /\b(function|class|interface|type|enum|const|let|var|def|fn|struct|trait|impl|mod|func|module|namespace|record|object|sub)\b/.exec(
      line,
    )?.[1];
  if (m) return kind ? `${kind} ${m[1]}` : m[1]!;
  return line.trim().slice(0, 60);
}

/**
 * Source code → chunks by top-level declarations: a new unit starts at each unindented declaration line,
 * taking the comments and decorators right above it along. Small neighbours are merged up to 1 KiB so a run of
 * one-line constants does not become a dozen chunks; oversized declarations split at blank lines, then lines.
 * Titles name the declarations ("function foo", "class Bar, type Baz"); imports and preamble are "(top)".
 */
export function chunkCode(text: string, maxBytes = CHUNK_CAP_BYTES): Chunk[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const units: Array<{ names: string[]; lines: string[] }> = [];
  let current: { names: string[]; lines: string[] } = { names: [], lines: [] };
  let pendingDecor: string[] = [];
  for (const line of lines) {
    const topLevel = line.length > 0 && !/^\s/.test(line);
    if (topLevel && DECLARATION.test(line)) {
      if (current.lines.length || current.names.length) units.push(current);
      current = { names: [declarationName(line)], lines: [...pendingDecor, line] };
      pendingDecor = [];
      continue;
    }
    if (topLevel && DECORATION.test(line)) {
      pendingDecor.push(line);
      continue;
    }
    if (pendingDecor.length) {
      appendAll(current.lines, pendingDecor);
      pendingDecor = [];
    }
    current.lines.push(line);
  }
  appendAll(current.lines, pendingDecor);
  units.push(current);

  const merged: Array<{ names: string[]; text: string }> = [];
  for (const u of units) {
    const body = u.lines.join('\n').replace(/^\n+|\s+$/g, '');
    if (!body.trim()) continue;
    const last = merged[merged.length - 1];
    if (last && utf8Length(last.text) + utf8Length(body) + 2 <= MERGE_BELOW) {
      last.text += `\n\n${body}`;
      appendAll(last.names, u.names);
    } else {
      merged.push({ names: [...u.names], text: body });
    }
  }
  const out: Chunk[] = [];
  for (const m of merged) {
    const title =
      m.names.length === 0
        ? '(top)'
        : m.names.length <= 3
          ? m.names.join(', ')
          : `${m.names.slice(0, 3).join(', ')}, …`;
    const pieces = utf8Length(m.text) <= maxBytes ? [m.text] : packUnits(m.text.split(/\n[ \t]*\n/), maxBytes, '\n\n');
    numberedTitles(title, pieces.length).forEach((t, i) =>
      out.push({ title: t, content: pieces[i]!, contentType: 'code' }),
    );
  }
  return out;
}
