import { existsSync } from 'node:fs';
import { DataDirError } from '../project/data-home.js';
import { ensureProject, projectPaths } from '../project/project-identity.js';
import { openKnowledgeBase } from './open-knowledge-base.js';

/**
 * A project's knowledge base for a shell (CLI, dashboard). With `create: false` looking at a project never
 * creates its data directory: the answer is undefined when nothing was ever indexed there. The caller reports
 * `kb.recovered` in its own way (a CLI on stderr, a dashboard in its page).
 */
export function openProjectKnowledge(root: string, opts: { create: boolean; env?: NodeJS.ProcessEnv }) {
  const env = opts.env ?? process.env;
  const paths = opts.create ? ensureOrReadable(root, env) : projectPaths(root, env);
  if (!opts.create && !existsSync(paths.knowledgeDb)) return undefined;
  return openKnowledgeBase({ path: paths.knowledgeDb });
}

/**
 * The project's data directory made ready for writing; when it cannot be written (a read-only mount) but a store
 * is already there, its paths anyway: the store is then read from a private copy and only writes fail, saying
 * why, so searching what was indexed still works.
 */
function ensureOrReadable(root: string, env: NodeJS.ProcessEnv) {
  try {
    return ensureProject(root, env);
  } catch (err) {
    if (!(err instanceof DataDirError)) throw err;
    const paths = projectPaths(root, env);
    if (!existsSync(paths.knowledgeDb)) throw err;
    return paths;
  }
}
