// The VS Code CI stage: the extension in a real VS Code (integration suite), then the real Copilot agent end to
// end, each in a loopback-only network namespace when this machine can make one (root + unshare), so nothing a
// test starts can reach another host. Sums both `N passed, N failed` lines into the closing one.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const suites = [
  ['integration', fileURLToPath(new URL('./integration/run-integration.mjs', import.meta.url))],
  ['agent end to end', fileURLToPath(new URL('./agent/run-agent-e2e.mjs', import.meta.url))],
];

function isolated(script) {
  const probe = spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' });
  // tsx: the checks import the engine's TypeScript modules (e.g. its byte formatter) instead of copying them.
  if (probe.status === 0) return ['unshare', ['-n', 'sh', '-c', 'ip link set lo up && exec "$0" --import tsx "$1"', process.execPath, script]];
  console.log('(no network namespace here: running with the normal network; tests still bind 127.0.0.1 only)');
  return [process.execPath, ['--import', 'tsx', script]];
}

let passed = 0;
let failed = 0;
for (const [name, script] of suites) {
  console.log(`-- ${name}`);
  const [cmd, args] = isolated(script);
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 600_000 });
  process.stdout.write(r.stdout ?? '');
  const m = /(\d+) passed, (\d+) failed\s*$/.exec(r.stdout ?? '');
  if (m) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  } else {
    failed += 1;
    console.log(`not ok - ${name} printed no summary (exit ${r.status}${r.signal ? `, ${r.signal}` : ''})`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
