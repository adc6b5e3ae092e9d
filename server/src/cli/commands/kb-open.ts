import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';
import { ensureProject, findProjectRoot, projectPaths } from '@context-mode/shared/project/index';

/** The project the CLI acts on: --project, else CONTEXT_MODE_PROJECT_DIR, else the repository around the cwd. */
export function cliProjectRoot(project: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (project) return resolve(project);
  if (env.CONTEXT_MODE_PROJECT_DIR) return resolve(env.CONTEXT_MODE_PROJECT_DIR);
  return findProjectRoot(process.cwd());
}

/**
 * Opens the project's knowledge base for the CLI. Read commands pass `create: false` so looking at a project
 * never creates its data directory; they get undefined when nothing was ever indexed there.
 */
export function openProjectKnowledge(root: string, create: boolean, env: NodeJS.ProcessEnv = process.env) {
  const paths = create ? ensureProject(root, env) : projectPaths(root, env);
  if (!create && !existsSync(paths.knowledgeDb)) return undefined;
  const kb = openKnowledgeBase({ path: paths.knowledgeDb });
  if (kb.recovered) {
    process.stderr.write(
      `context-mode: the knowledge base was unreadable (${kb.recovered.reason}); moved to ${kb.recovered.movedTo}, a fresh store was created.\n`,
    );
  }
  return kb;
}
