import { basename } from 'node:path';

/** A short file label for snapshots: the base name, with one parent directory when it helps. */
export function shortPath(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.length >= 2 ? `${parts[parts.length - 2]}/${basename(path)}` : basename(path);
}
