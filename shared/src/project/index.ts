export { ensureProject, findProjectRoot, projectPaths, readProjectMeta } from './project-identity.js';
