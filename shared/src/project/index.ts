export { DataDirError, dataHome, ensureWritableDir } from './data-home.js';
export {
  ensureProject,
  findProjectRoot,
  normaliseRoot,
  projectId,
  projectPaths,
  readProjectMeta,
  type ProjectMeta,
  type ProjectPaths,
} from './project-identity.js';
