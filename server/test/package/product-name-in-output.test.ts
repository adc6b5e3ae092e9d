import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// Every hint, error prefix and help text the built product prints names our command, `ctxmode`. The bare
// `context-mode <subcommand>` is the incumbent's command (another npm package): a user who types it runs
// another product. Greps what ships (server/dist: CLI, MCP server, hook bundle), not the sources.
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const INCUMBENT_COMMAND =
  /\bcontext-mode (search|index|sources|purge|memory|stats|doctor|setup|upgrade|dashboard|uninstall|serve)\b/g;

function builtFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return builtFiles(path);
    return /\.(mjs|cjs|js)$/.test(name) ? [path] : [];
  });
}

test('the built output never tells the user to run the bare context-mode command', () => {
  const files = builtFiles(DIST);
  assert.ok(files.some((f) => f.endsWith('hook.cjs')) && files.some((f) => f.endsWith('cli.mjs')), 'build first');
  const hits = files.flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(INCUMBENT_COMMAND)].map((m) => `${f.slice(DIST.length)}: ${m[0]}`),
  );
  assert.deepEqual(hits, []);
});
