// A question that names a package or file ("… in yargs-parser", "Is it possible to disable chalk …", "setup.md says
// …") is asking about that source: its sections should come first whenever any of them matched at all (issue 26
// item 3). Only whole names count, and a name that is also an ordinary word counts only when no other candidate
// source uses it as one ("open a website" is not the `open` package when other docs say "open" too).

/** The names a source goes by: an npm package's name (and, scoped, the part after the scope), a file's name. */
export function sourceNames(label: string): string[] {
  const colon = label.indexOf(':');
  const kind = colon > 0 ? label.slice(0, colon) : '';
  const rest = (colon > 0 ? label.slice(colon + 1) : label).trim().toLowerCase();
  if (!rest || kind === 'fetch' || kind === 'exec' || /^[a-z]+:\/\//.test(rest)) return [];
  if (kind === 'npm' || (!kind && /^@?[a-z0-9][\w.-]*(\/[\w.-]+)?$/.test(rest) && !rest.includes('.'))) {
    const names = [rest];
    const scoped = /^@[^/]+\/(.+)$/.exec(rest);
    if (scoped && /[-.]/.test(scoped[1]!)) names.push(scoped[1]!);
    return names;
  }
  // A file: its base name with the extension ("setup.md"); the bare stem is too often an ordinary word.
  const base = rest.split(/[\\/]/).pop() ?? '';
  return base.includes('.') ? [base] : [];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The name as a whole word: not inside a longer name (letters, digits, `-`, `_`, `/`, or a dot before a letter). */
const wholeName = (name: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}_@/.-])${escape(name)}(?![\\p{L}\\p{N}_/-]|\\.[\\p{L}\\p{N}])`, 'iu');

/** A name with a `-`, `.`, `/`, `@` or a digit is a name, never an ordinary word. */
const distinctive = (name: string) => /[^a-z]/.test(name);

/**
 * The labels among the candidates that the question names. `rows` are the reranked candidates; a plain-word name
 * ("chalk", "open") counts only if no candidate from another source has that word in its text.
 */
export function namedSources(
  question: string,
  rows: ReadonlyArray<{ label: string; title: string; content: string }>,
): Set<string> {
  const named = new Set<string>();
  const labels = [...new Set(rows.map((r) => r.label))];
  for (const label of labels) {
    for (const name of sourceNames(label)) {
      if (name.length < 3) continue;
      const re = wholeName(name);
      if (!re.test(question)) continue;
      if (!distinctive(name) && rows.some((r) => r.label !== label && (re.test(r.content) || re.test(r.title)))) {
        continue;
      }
      named.add(label);
      break;
    }
  }
  return named;
}
