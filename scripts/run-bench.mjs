// Runs every bench/**/*.bench.ts (or the ones named on the command line). Each prints one JSON object on
// stdout and progress on stderr; this prints {"results": {<name>: <json>}} on stdout and saves it under
// bench/results/. Benchmarks measure ratios against a baseline taken in the same run, never absolute times.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
function collect(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (name.endsWith('.bench.ts')) out.push(p);
  }
  return out;
}
const wanted = process.argv.slice(2);
const files = collect(join(root, 'bench'), []).filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)));
const results = {};
let failed = 0;
for (const file of files) {
  const name = basename(file, '.bench.ts');
  process.stderr.write(`bench ${relative(root, file)}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  try {
    results[name] = JSON.parse(r.stdout);
  } catch {
    failed++;
    results[name] = { error: `exit ${r.status}; stdout was not JSON`, stdout: r.stdout.slice(0, 2000) };
  }
}
const out = { machine: { node: process.version, cpus: (await import('node:os')).cpus().length }, results };
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/latest.json'), JSON.stringify(out, null, 2) + '\n');
process.stdout.write(JSON.stringify(out, null, 2) + '\n');
process.exit(failed ? 1 : 0);
