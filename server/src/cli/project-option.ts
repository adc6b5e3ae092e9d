import { statSync } from 'node:fs';
import { resolve } from 'node:path';

/** Throws when `--project` does not name an existing directory (the message names it and says what to do). */
export function assertProjectDir(project: string): void {
  const path = resolve(project);
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new Error(
      `--project ${project}: no such directory (${path}); name an existing project directory, or leave --project out to use the repository around the current directory`,
    );
  }
  if (!isDir) {
    throw new Error(`--project ${project}: ${path} is a file, not a directory; name the project's directory`);
  }
}
