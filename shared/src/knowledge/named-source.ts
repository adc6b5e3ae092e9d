// A question that names a package or file ("… in yargs-parser", "Is it possible to disable chalk …", "setup.md says
// …") is asking about that source: its sections should come first whenever any of them matched at all (issue 26
// item 3). Only whole names count, and a name that is also an ordinary word counts only when no other candidate
// source uses it as one ("open a website" is not the `open` package when other docs say "open" too).

/**
 * Label kinds the product writes itself (index-path, ctx_index, ctx_execute, ctx_batch_execute, the hooks' digests,
 * the timeline's memory); any other text before a colon is a label the user chose.
 */
const OWN_KINDS = new Set(['file', 'fetch', 'exec', 'memory', 'npm', 'manual', 'batch', 'hook']);

/**
 * The names a source goes by: an npm package's name (and, scoped, the part after the scope), a file's name. A
 * directory's files go by its name too: the label the user indexed it under (`pino:docs/api.md`,
 * `npm:pino:docs/api.md`, each file of `ctx_index path … source pino`), or the package a path lies in
 * (`file:node_modules/pino/docs/api.md`): a package's docs are often many files, none of them named after it.
 */
export function sourceNames(label: string): string[] {
  const colon = label.indexOf(':');
  const kind = colon > 0 ? label.slice(0, colon) : '';
  const rest = (colon > 0 ? label.slice(colon + 1) : label).trim().toLowerCase();
  if (!rest || kind === 'fetch' || kind === 'exec' || /^[a-z]+:\/\//.test(rest)) return [];
  // A bare address (`https://…`) is not a label of the user's.
  if (/^\/\//.test(rest)) return fileNames(rest);
  if (kind && !OWN_KINDS.has(kind.toLowerCase()))
    return unique([...packageNames(kind.toLowerCase()), ...fileNames(rest)]);
  const inner = rest.indexOf(':');
  // `npm:pino:docs/api.md`: a directory indexed under the label `npm:pino`.
  if (inner > 0 && kind === 'npm')
    return unique([...packageNames(rest.slice(0, inner)), ...fileNames(rest.slice(inner + 1))]);
  // `npm:pino/docs/api.md`, `pino/docs/api.md`: one file of a package's docs, labelled by package and path.
  const inPackage = kind === 'npm' || !kind ? /^((?:@[^/]+\/)?[^/@]+)\/(.+\.[a-z0-9]+)$/.exec(rest) : null;
  if (inPackage && isPackageName(inPackage[1]!))
    return unique([...packageNames(inPackage[1]!), ...fileNames(inPackage[2]!)]);
  if (kind === 'npm' || (!kind && isPackageName(rest))) return packageNames(rest);
  return fileNames(rest);
}

const isPackageName = (s: string) => /^@?[a-z0-9][\w.-]*(\/[\w.-]+)?$/.test(s) && !s.includes('.');

/** A package's names: the whole name and, when scoped, the distinctive part after the scope. */
function packageNames(name: string): string[] {
  const names = [name];
  const scoped = /^@[^/]+\/(.+)$/.exec(name);
  if (scoped && /[-.]/.test(scoped[1]!)) names.push(scoped[1]!);
  return names;
}

/**
 * A file goes by its base name with the extension ("setup.md"; the bare stem is too often an ordinary word), and
 * by the package it lies in under node_modules.
 */
function fileNames(path: string): string[] {
  const base = path.split(/[\\/]/).pop() ?? '';
  const inPackage = /(?:^|[\\/])node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(path);
  return [...(inPackage ? packageNames(inPackage[1]!.replace(/\\/g, '/')) : []), ...(base.includes('.') ? [base] : [])];
}

const unique = (names: string[]) => [...new Set(names)];

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
