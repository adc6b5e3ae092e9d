import { openProjectKnowledge as openShared } from '@context-mode/shared/knowledge/open-project-knowledge';
import { resolveProjectRoot } from '@context-mode/shared/project/resolve-project-root';

/** The help of every `--project <dir>` option, saying what the default really is. */
export const PROJECT_OPTION_HELP =
  'project root (default: CONTEXT_MODE_PROJECT_DIR, else the repository around the current directory)';

/** The project every CLI command acts on: the shared resolver, as a command typed where the user is. */
export function cliProjectRoot(project: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return resolveProjectRoot({ explicit: project, env, cwd: process.cwd(), caller: 'cli' });
}

/**
 * Opens the project's knowledge base for the CLI. Read commands pass `create: false` so looking at a project
 * never creates its data directory; they get undefined when nothing was ever indexed there.
 */
export function openProjectKnowledge(root: string, create: boolean, env: NodeJS.ProcessEnv = process.env) {
  const kb = openShared(root, { create, env });
  if (kb?.recovered) {
    process.stderr.write(
      `context-mode: the knowledge base was unreadable (${kb.recovered.reason}); moved to ${kb.recovered.movedTo}, a fresh store was created.\n`,
    );
  }
  return kb;
}
