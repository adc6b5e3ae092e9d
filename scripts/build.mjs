// Bundles the three entry points (MCP server, hook runner, CLI) into server/dist with shared chunks.
// Type checking is separate (`npm run typecheck`): esbuild only strips types.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}server/dist`;
rmSync(outdir, { recursive: true, force: true });

const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: {
    mcp: 'server/src/mcp/stdio.ts',
    hook: 'hooks/src/main.ts',
    cli: 'server/src/cli/main.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  // Native addon and optional built-in: resolved at run time from node_modules / the running Node.
  external: ['better-sqlite3', 'node:sqlite'],
  // Bundled CommonJS dependencies call require() for Node built-ins; give ESM chunks a real one.
  banner: {
    js: "import { createRequire as __cmCreateRequire } from 'node:module'; const require = __cmCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
process.stderr.write(`built server/dist in ${Date.now() - started} ms\n`);
