import { allHosts } from '../platforms/host-table.js';
import { referenceConfigFiles } from './reference-configs.js';
import { renderInstructionFile } from '../instructions/render-instructions.js';

export interface GeneratedFile {
  /** Path under configs/, with forward slashes. */
  path: string;
  content: string;
}

/**
 * Every generated file under configs/: per host its instruction file, at configs/<host id>/<the host's
 * instruction file path>, and the MCP registration and hooks file setup writes (see referenceConfigFiles).
 * Written by scripts/generate-configs.ts; a test fails when the files on disk differ from this list.
 */
export function generatedConfigFiles(): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  for (const h of allHosts()) {
    if (h.instructionFile.value)
      files.push({ path: `${h.id}/${h.instructionFile.value.replace(/\\/g, '/')}`, content: renderInstructionFile(h) });
    for (const f of referenceConfigFiles(h)) files.push({ path: `${h.id}/${f.name}`, content: f.content });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
