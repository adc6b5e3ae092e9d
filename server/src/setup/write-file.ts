import { makeDirs } from '@context-mode/shared/project/data-home';
import { SetupError } from '@context-mode/shared/setup/setup-error';
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

/** Reads a file for planning: undefined when missing; a SetupError when it exists but cannot be read. */
export function readForPlan(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    if (statSync(path).isDirectory())
      throw new SetupError(
        'unexpected-shape',
        `${path} is a directory, where a settings file belongs`,
        `Move ${path} aside (it holds no settings) and run the command again.`,
      );
    return readFileSync(path, 'utf8');
  } catch (err) {
    if (err instanceof SetupError) throw err;
    throw new SetupError(
      'io',
      `cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? err}`,
      `Check the permissions of ${path}.`,
    );
  }
}

/**
 * A file the user made read-only, or a folder they made read-only (where the new file or our temp file would go),
 * is left alone, even where the OS would let us write (root, or a rename in a writable directory): read-only is a
 * statement of intent. Checked before any file of a host is written, so a host is written whole or not at all.
 */
export function assertWritable(path: string): void {
  const locked = (p: string) => (statSync(p).mode & 0o222) === 0;
  if (existsSync(path) && locked(path)) {
    throw new SetupError(
      'read-only',
      `${path} is read-only`,
      `Make it writable (chmod u+w "${path}") and run the command again, or leave this host out.`,
    );
  }
  // The folder the write lands in: the link target's for a linked file, else the nearest one that exists.
  let dir = dirname(linkTarget(path));
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  if (locked(dir)) {
    throw new SetupError(
      'read-only',
      `${path} is in a read-only folder (${dir})`,
      `Make the folder writable (chmod u+w "${dir}") and run the command again, or leave this host out.`,
    );
  }
}

/**
 * A new file in `dir` named `<time>-<pid>[-n]-<name>`, made by `create` (which must fail with EEXIST on an existing
 * file): two copies in one millisecond (two files of one host, or two hosts' `settings.json`) get distinct names
 * instead of one overwriting the other.
 */
function createUnique(dir: string, name: string, create: (target: string) => void): string {
  makeDirs(dir);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (let n = 0; ; n++) {
    const target = join(dir, `${stamp}-${process.pid}${n ? `-${n}` : ''}-${name}`);
    try {
      create(target);
      return target;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 1000) throw err;
    }
  }
}

/** Copies the current bytes to the backup dir; returns the copy's path. */
export function backupFile(path: string, backupDir: string): string {
  return createUnique(backupDir, basename(path), (target) => copyFileSync(path, target, constants.COPYFILE_EXCL));
}

/** Writes `value` as JSON to a new file in `dir` (named like a backup), readable by the user only; its path. */
export function keepCopy(dir: string, name: string, value: unknown): string {
  return createUnique(dir, name, (target) =>
    writeFileSync(target, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600, flag: 'wx' }),
  );
}

/** The file a (chain of) symbolic link(s) at `path` points to, or `path` itself. */
function linkTarget(path: string): string {
  try {
    return lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
  } catch {
    // A dangling link: write to where it points, so the link keeps working once it exists.
    try {
      const to = readlinkSync(path);
      return isAbsolute(to) ? to : resolve(dirname(path), to);
    } catch {
      return path;
    }
  }
}

/**
 * Writes `text` atomically: a temp file in the same directory, flushed, given the old file's mode, then renamed
 * over the target, so a host never reads a half-written config. `undefined` deletes the file.
 */
export function writeAtomic(path: string, text: string | undefined): void {
  if (text === undefined) {
    if (existsSync(path)) unlinkSync(path);
    return;
  }
  // A settings file kept as a link (stow, chezmoi, a dotfiles repo): the link stays, its target gets the bytes.
  path = linkTarget(path);
  makeDirs(dirname(path));
  const mode = existsSync(path) ? statSync(path).mode & 0o7777 : undefined;
  const tmp = join(dirname(path), `.${basename(path)}.ctxmode-${process.pid}.tmp`);
  const fd = openSync(tmp, 'w');
  try {
    const buf = Buffer.from(text, 'utf8');
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    if (mode !== undefined) chmodSync(tmp, mode);
    renameSync(tmp, path);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // Nothing left to clean.
    }
    throw err;
  }
}
