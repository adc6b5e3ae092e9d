// Writes the generated per-host files under configs/ (instruction files rendered from the one routing-rules
// template in shared/src/instructions) and the per-host reference block of docs/hosts.md (from the host table). Run after changing the template or the host table:
//   node --import tsx scripts/generate-configs.ts
// `--check` writes nothing and exits 1 when a file is missing, stale or no longer generated.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedConfigFiles } from '../shared/src/setup/generated-configs.js';
import { withHostReference } from '../shared/src/platforms/render-host-reference.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const configs = join(root, 'configs');
const check = process.argv.includes('--check');

function listFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) listFiles(p, out);
    else out.push(relative(configs, p).replace(/\\/g, '/'));
  }
  return out;
}

const wanted = new Map(generatedConfigFiles().map((f) => [f.path, f.content]));
const problems: string[] = [];
for (const [path, content] of wanted) {
  const target = join(configs, path);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
  if (current === content) continue;
  problems.push(`${current === undefined ? 'missing' : 'stale'}: configs/${path}`);
  if (!check) {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}
for (const path of listFiles(configs)) {
  if (wanted.has(path)) continue;
  problems.push(`not generated: configs/${path}`);
  if (!check) rmSync(join(configs, path));
}
const hostsDoc = join(root, 'docs', 'hosts.md');
const hostsDocText = readFileSync(hostsDoc, 'utf8');
const hostsDocWanted = withHostReference(hostsDocText);
if (hostsDocWanted !== hostsDocText) {
  problems.push('stale: docs/hosts.md (per-host reference)');
  if (!check) writeFileSync(hostsDoc, hostsDocWanted);
}
if (check) {
  if (problems.length) {
    process.stderr.write(`${problems.join('\n')}\nRun: node --import tsx scripts/generate-configs.ts\n`);
    process.exit(1);
  }
  process.stderr.write(`configs/ is up to date (${wanted.size} files)\n`);
} else {
  process.stderr.write(
    problems.length
      ? `${problems.join('\n')}\nconfigs/ regenerated\n`
      : `configs/ already up to date (${wanted.size} files)\n`,
  );
}
