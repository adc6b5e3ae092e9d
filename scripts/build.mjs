// Bundles the entry points (MCP server front + full server, hook runner, CLI) into server/dist.
// Type checking is separate (`npm run typecheck`): esbuild only strips types.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}server/dist`;
rmSync(outdir, { recursive: true, force: true });

const started = Date.now();
// The MCP server's stdio front (dist/mcp.mjs) is one self-contained file: it answers the handshake from a
// snapshot without the MCP SDK, zod or any tool, so its start-up is Node plus one small module. The full
// server (dist/mcp-full.mjs) is imported by the front on the first tool call and shares chunks with the CLI.
await build({
  absWorkingDir: root,
  entryPoints: { mcp: 'server/src/mcp/stdio.ts' },
  outdir,
  bundle: true,
  splitting: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  outExtension: { '.js': '.mjs' },
  external: ['better-sqlite3', 'node:sqlite'],
  plugins: [
    {
      name: 'lazy-full-server',
      setup(b) {
        b.onResolve({ filter: /^\.\/serve-full\.js$/ }, (args) =>
          args.importer.endsWith('stdio.ts') ? { path: './mcp-full.mjs', external: true } : undefined,
        );
        // The ledger module is shared with the full server (one instance, one set of open handles).
        b.onResolve({ filter: /\/ledger\/record$/ }, (args) =>
          args.importer.endsWith('stdio.ts') ? { path: './ledger-record.mjs', external: true } : undefined,
        );
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cmCreateRequire } from 'node:module'; const require = __cmCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await build({
  absWorkingDir: root,
  entryPoints: {
    'mcp-full': 'server/src/mcp/serve-full.ts',
    'ledger-record': 'shared/src/ledger/record.ts',
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

// The hook runs once per tool call, so its start-up is the product's most repeated cost: one self-contained
// file for the pre-tool path (each extra ES module file costs a resolve, a read and a compile), with the
// handlers that use SQLite built apart under dist/hook-events/ and imported only by the events that need them.
const LAZY_HANDLER = /^\.\/(post-tool|prompt|pre-compact|session-start|stop)\.js$/;
await build({
  absWorkingDir: root,
  entryPoints: { hook: 'hooks/src/main.ts' },
  outdir,
  bundle: true,
  splitting: false,
  // CommonJS, required by the CommonJS bin: no ES module loader start-up on the hook path.
  format: 'cjs',
  supported: { 'dynamic-import': true },
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  outExtension: { '.js': '.cjs' },
  external: ['better-sqlite3', 'node:sqlite'],
  plugins: [
    {
      name: 'lazy-hook-handlers',
      setup(b) {
        b.onResolve({ filter: LAZY_HANDLER }, (args) =>
          args.importer.endsWith('dispatch.ts')
            ? { path: `./hook-events/${LAZY_HANDLER.exec(args.path)[1]}.mjs`, external: true }
            : undefined,
        );
      },
    },
  ],
  logLevel: 'warning',
});
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(
    ['post-tool', 'prompt', 'pre-compact', 'session-start', 'stop'].map((n) => [n, `hooks/src/events/${n}.ts`]),
  ),
  outdir: `${outdir}/hook-events`,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  external: ['better-sqlite3', 'node:sqlite'],
  banner: {
    js: "import { createRequire as __cmCreateRequire } from 'node:module'; const require = __cmCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// OpenCode loads plugins in-process: one self-contained module that setup points an
// `.opencode/plugins/context-mode.ts` re-export at.
await build({
  absWorkingDir: root,
  entryPoints: { 'opencode-plugin': 'hooks/src/opencode/plugin.ts' },
  outdir,
  bundle: true,
  splitting: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  outExtension: { '.js': '.mjs' },
  external: ['better-sqlite3', 'node:sqlite'],
  banner: {
    js: "import { createRequire as __cmCreateRequire } from 'node:module'; const require = __cmCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
process.stderr.write(`built server/dist in ${Date.now() - started} ms\n`);
