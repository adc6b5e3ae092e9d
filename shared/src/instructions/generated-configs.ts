import { allHosts } from '../platforms/resolve-host.js';
import { renderInstructionFile } from './render-instructions.js';

export interface GeneratedFile {
  /** Path under configs/, with forward slashes. */
  path: string;
  content: string;
}

/**
 * Every generated file under configs/: one instruction file per host that reads one, at
 * configs/<host id>/<the host's instruction file path>. Written by scripts/generate-configs.ts; a test fails
 * when the files on disk differ from this list.
 */
export function generatedConfigFiles(): GeneratedFile[] {
  return allHosts()
    .filter((h) => h.instructionFile.value)
    .map((h) => ({ path: `${h.id}/${h.instructionFile.value.replace(/\\/g, '/')}`, content: renderInstructionFile(h) }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
