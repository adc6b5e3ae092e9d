import { existsSync } from 'node:fs';
import { ensureProject, projectPaths } from '../project/project-identity.js';
import { openKnowledgeBase } from './open-knowledge-base.js';

/**
 * A project's knowledge base for a shell (CLI, dashboard). With `create: false` looking at a project never
 * creates its data directory: the answer is undefined when nothing was ever indexed there. The caller reports
 * `kb.recovered` in its own way (a CLI on stderr, a dashboard in its page).
 */
export function openProjectKnowledge(root: string, opts: { create: boolean; env?: NodeJS.ProcessEnv }) {
  const env = opts.env ?? process.env;
  const paths = opts.create ? ensureProject(root, env) : projectPaths(root, env);
  if (!opts.create && !existsSync(paths.knowledgeDb)) return undefined;
  return openKnowledgeBase({ path: paths.knowledgeDb });
}
