import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * A package's folders from the bottom layer to the top; folders in one layer are siblings and must not import
 * each other. `.` stands for the files directly in src/ (the entry points).
 */
export type LayerOrder = readonly (readonly string[])[];

export interface SourceFile {
  /** Path from the repository root, with forward slashes (e.g. `hooks/src/wire/parse-envelope.ts`). */
  path: string;
  text: string;
}

/** Every .ts file under `srcDir` (repository-relative), read from disk. */
export function readSources(repoRoot: string, srcDir: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
        out.push({ path: relative(repoRoot, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  walk(join(repoRoot, srcDir));
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** The folder a file belongs to for layering: its first directory under src/, or `.` for a file in src/ itself. */
function folderOf(pathInSrc: string): string {
  const slash = pathInSrc.indexOf('/');
  return slash < 0 ? '.' : pathInSrc.slice(0, slash);
}

/** Where the TypeScript parser sees an import: static, `export … from`, side-effect and literal dynamic ones. */
function importsOf(text: string): { spec: string; line: number }[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => ({
    spec: f.fileName,
    line: text.slice(0, f.pos).split('\n').length,
  }));
}

/**
 * One message per import that points up or sideways against `order`, leaves `srcDir` for another package, or
 * comes from a folder `order` does not name. `srcDir` is the package's src folder (e.g. `hooks/src`); packages
 * other than @context-mode/shared are reached through the built bundle, never by import. `confined` names npm
 * packages (by prefix) that only the listed folders may import.
 */
export function layerViolations(
  files: readonly SourceFile[],
  srcDir: string,
  order: LayerOrder,
  confined: Readonly<Record<string, readonly string[]>> = {},
): string[] {
  const layerOf = new Map<string, number>();
  order.forEach((folders, i) => folders.forEach((f) => layerOf.set(f, i)));
  const problems: string[] = [];
  const undeclared = new Set<string>();
  for (const file of files) {
    const from = folderOf(posix.relative(srcDir, file.path));
    const fromLayer = layerOf.get(from);
    if (fromLayer === undefined) {
      undeclared.add(from);
      continue;
    }
    for (const { spec, line } of importsOf(file.text)) {
      const where = `${file.path}:${line} → ${spec}`;
      if (/^@context-mode\//.test(spec) && !spec.startsWith('@context-mode/shared/')) {
        problems.push(`${where}: only @context-mode/shared may be imported across packages`);
        continue;
      }
      const owner = Object.keys(confined).find((prefix) => spec === prefix || spec.startsWith(`${prefix}/`));
      if (owner && !confined[owner]!.includes(from)) {
        problems.push(`${where}: ${owner} belongs to ${confined[owner]!.join(', ')}/ only`);
        continue;
      }
      if (!spec.startsWith('.')) continue;
      const target = posix.relative(srcDir, posix.join(dirname(file.path), spec));
      if (target.startsWith('..')) {
        problems.push(`${where}: leaves ${srcDir}`);
        continue;
      }
      const to = folderOf(target);
      if (to === from) continue;
      const toLayer = layerOf.get(to);
      if (toLayer === undefined) problems.push(`${where}: ${to}/ has no declared layer`);
      else if (toLayer === fromLayer) problems.push(`${where}: ${from}/ and ${to}/ are siblings (sideways import)`);
      else if (toLayer > fromLayer) problems.push(`${where}: ${from}/ is below ${to}/ (upward import)`);
    }
  }
  for (const folder of undeclared) problems.push(`${srcDir}/${folder}/ has no declared layer`);
  return problems;
}
