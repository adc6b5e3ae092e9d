import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

export interface WalkOptions {
  /** gitignore-style globs; when given, only matching files are taken. */
  include?: string[];
  /** gitignore-style globs to leave out, on top of the defaults. */
  exclude?: string[];
  /** Directory levels below the start (default 5). */
  maxDepth?: number;
  /** Files to take at most (default 200); the walk reports `capped` when more existed. */
  maxFiles?: number;
  /** Extensions to take (with or without the dot); default: common docs, config and source types. */
  extensions?: string[];
  /** Honour .gitignore files met on the way (default true). */
  respectGitignore?: boolean;
  /** Follow symbolic links (default false); cycles and links escaping `boundary` are refused either way. */
  followSymlinks?: boolean;
  /** Links may not lead outside this real directory (default: the start directory). */
  boundary?: string;
}

export interface WalkResult {
  files: string[];
  capped: boolean;
  /** Candidate files seen (after filters), including those past the cap. */
  totalSeen: number;
  skipped: Array<{ path: string; reason: string }>;
}

const DEFAULT_EXCLUDES = [
  'node_modules/',
  '.git/',
  'dist/',
  'build/',
  'out/',
  '.next/',
  '.nuxt/',
  'coverage/',
  '.venv/',
  'venv/',
  '__pycache__/',
  '.cache/',
  '.turbo/',
  'target/',
  '.DS_Store',
  'package-lock.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  '*.min.js',
  '*.map',
];

const DEFAULT_EXTENSIONS = [
  '.md',
  '.mdx',
  '.markdown',
  '.rst',
  '.txt',
  '.json',
  '.jsonc',
  '.yaml',
  '.yml',
  '.toml',
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.py',
  '.rs',
  '.go',
  '.java',
  '.kt',
  '.rb',
  '.php',
  '.cs',
  '.c',
  '.h',
  '.cpp',
  '.swift',
  '.sh',
  '.sql',
  '.vue',
  '.svelte',
  '.css',
  '.scss',
  '.html',
];

function toPosix(p: string): string {
  return sep === '/' ? p : p.split(sep).join('/');
}

/**
 * Walks a directory breadth-first in sorted order and returns the files to index. Default excludes (build
 * output, dependencies, lockfiles) and every .gitignore on the way apply; symlinks are skipped unless
 * `followSymlinks`, and even then a link leaving the boundary or revisiting a directory is refused.
 */
export function walkDirectory(start: string, options: WalkOptions = {}): WalkResult {
  const maxDepth = options.maxDepth ?? 5;
  const maxFiles = options.maxFiles ?? 200;
  const exts = new Set(
    (options.extensions?.length ? options.extensions : DEFAULT_EXTENSIONS).map((e) =>
      (e.startsWith('.') ? e : `.${e}`).toLowerCase(),
    ),
  );
  const excluder = ignore()
    .add(DEFAULT_EXCLUDES)
    .add(options.exclude ?? []);
  const includer = options.include?.length ? ignore().add(options.include) : undefined;
  const boundary = options.boundary ?? realpathSync(start);
  const result: WalkResult = { files: [], capped: false, totalSeen: 0, skipped: [] };
  const visited = new Set<string>([realpathSync(start)]);
  const queue: Array<{ dir: string; depth: number; rules: Array<{ base: string; ig: Ignore }> }> = [
    { dir: start, depth: 0, rules: [] },
  ];
  while (queue.length) {
    const { dir, depth, rules: inherited } = queue.shift()!;
    const rules = [...inherited];
    if (options.respectGitignore !== false) {
      try {
        const text = readFileSync(join(dir, '.gitignore'), 'utf8');
        rules.push({ base: dir, ig: ignore().add(text) });
      } catch {
        // No .gitignore here.
      }
    }
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (err) {
      result.skipped.push({ path: dir, reason: `unreadable (${(err as NodeJS.ErrnoException).code ?? 'error'})` });
      continue;
    }
    for (const name of names) {
      const full = join(dir, name);
      const rel = toPosix(relative(start, full));
      let st = lstatSync(full, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isSymbolicLink()) {
        if (!options.followSymlinks) {
          result.skipped.push({ path: full, reason: 'symlink (not followed)' });
          continue;
        }
        let real: string;
        try {
          real = realpathSync(full);
          st = statSync(real);
        } catch {
          result.skipped.push({ path: full, reason: 'broken symlink' });
          continue;
        }
        if (real !== boundary && !real.startsWith(boundary + sep)) {
          result.skipped.push({ path: full, reason: 'symlink leads outside the indexed directory' });
          continue;
        }
        if (st.isDirectory() && visited.has(real)) {
          result.skipped.push({ path: full, reason: 'symlink cycle' });
          continue;
        }
        if (st.isDirectory()) visited.add(real);
      }
      const isDir = st.isDirectory();
      const probe = isDir ? `${rel}/` : rel;
      if (excluder.ignores(probe)) continue;
      if (
        rules.some((r) => {
          const sub = toPosix(relative(r.base, full));
          return sub && !sub.startsWith('..') && r.ig.ignores(isDir ? `${sub}/` : sub);
        })
      )
        continue;
      if (isDir) {
        if (depth < maxDepth) queue.push({ dir: full, depth: depth + 1, rules });
        continue;
      }
      if (!st.isFile()) continue;
      if (!exts.has(extname(name).toLowerCase())) continue;
      if (includer && !includer.ignores(rel)) continue;
      result.totalSeen++;
      if (result.files.length >= maxFiles) {
        result.capped = true;
        continue;
      }
      result.files.push(full);
    }
  }
  return result;
}
