// Bundles the entry points (MCP server front + full server, hook runner, CLI, OpenCode plugin) into
// server/dist. Type checking is separate (`npm run typecheck`): esbuild only strips types.
import { build } from 'esbuild';
import { copyFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}server/dist`;
rmSync(outdir, { recursive: true, force: true });

// Bundled CommonJS dependencies call require() for Node built-ins; give ESM output a real one.
const ESM_REQUIRE_BANNER = {
  js: "import { createRequire as __cmCreateRequire } from 'node:module'; const require = __cmCreateRequire(import.meta.url);",
};

/** What every bundle shares; each call names only what differs. */
function bundle(options) {
  return build({
    absWorkingDir: root,
    outdir,
    bundle: true,
    splitting: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    outExtension: { '.js': '.mjs' },
    // Native addon and optional built-ins: resolved at run time from node_modules / the running Node or Bun.
    external: ['better-sqlite3', 'node:sqlite', 'bun:sqlite'],
    logLevel: 'warning',
    ...options,
  });
}

/** An esbuild plugin that leaves `filter` imports from `importerSuffix` external, rewritten by `to(match)`. */
function keepExternal(name, filter, importerSuffix, to) {
  return {
    name,
    setup(b) {
      b.onResolve({ filter }, (args) =>
        args.importer.endsWith(importerSuffix) ? { path: to(filter.exec(args.path)), external: true } : undefined,
      );
    },
  };
}

const started = Date.now();
// The MCP server's stdio front (dist/mcp.mjs) is one self-contained file: it answers the handshake from a
// snapshot without the MCP SDK, zod or any tool, so its start-up is Node plus one small module. The full
// server (dist/mcp-full.mjs) is imported by the front on the first tool call and shares chunks with the CLI;
// the ledger module is shared with it too (one instance, one set of open handles).
await bundle({
  entryPoints: { mcp: 'server/src/mcp/stdio.ts' },
  banner: ESM_REQUIRE_BANNER,
  plugins: [
    keepExternal('lazy-full-server', /^\.\/serve-full\.js$/, 'stdio.ts', () => './mcp-full.mjs'),
    keepExternal('shared-ledger', /\/ledger\/record$/, 'stdio.ts', () => './ledger-record.mjs'),
  ],
});
await bundle({
  entryPoints: {
    'mcp-full': 'server/src/mcp/serve-full.ts',
    'ledger-record': 'shared/src/ledger/record.ts',
    cli: 'server/src/cli/main.ts',
    // Worker-thread entry for HTML conversion (found by convert-html.ts next to the importing chunk or above it).
    'html-worker': 'server/src/fetch/html-worker.ts',
  },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  banner: ESM_REQUIRE_BANNER,
});

// The hook runs once per tool call, so its start-up is the product's most repeated cost: one self-contained
// CommonJS file for the pre-tool path (required by the CommonJS bin: no ES module loader start-up, and each
// extra module file would cost a resolve, a read and a compile), with the handlers that use SQLite built
// apart under dist/hook-events/ and imported only by the events that need them.
// Whitespace is minified because every byte is read and parsed on each call: it cuts hook.cjs by ~30% and ~7M of
// the ~88M instructions a pre-tool run adds to `node -e 0` (bench/hooks.bench.ts). Names are kept, so a stack
// in the hook log still says which function failed, and the linked source map still maps a position back.
const HOOK_MINIFY = { minifyWhitespace: true };
const LAZY_HANDLER = /^\.\/(post-tool|prompt|pre-compact|session-start|stop)\.js$/;
// pre-tool's digest of a denied plain read opens SQLite: built apart and imported only on that path.
const LAZY_READ_DIGEST = /^\.\/(read-digest)\.js$/;
const lazyReadDigest = keepExternal(
  'lazy-read-digest',
  LAZY_READ_DIGEST,
  'pre-tool.ts',
  (m) => `./hook-events/${m[1]}.mjs`,
);
await bundle({
  entryPoints: { hook: 'hooks/src/main.ts' },
  ...HOOK_MINIFY,
  format: 'cjs',
  supported: { 'dynamic-import': true },
  outExtension: { '.js': '.cjs' },
  plugins: [
    keepExternal('lazy-hook-handlers', LAZY_HANDLER, 'dispatch.ts', (m) => `./hook-events/${m[1]}.mjs`),
    lazyReadDigest,
  ],
});
// The same runner as a module for the MCP server, which answers `mcp_tool` hooks (Claude Code) in its own process.
await bundle({
  entryPoints: { 'hook-answer': 'hooks/src/hook-answer.ts' },
  ...HOOK_MINIFY,
  banner: ESM_REQUIRE_BANNER,
  plugins: [
    keepExternal('lazy-hook-handlers', LAZY_HANDLER, 'dispatch.ts', (m) => `./hook-events/${m[1]}.mjs`),
    lazyReadDigest,
  ],
});
await bundle({
  entryPoints: Object.fromEntries(
    ['post-tool', 'prompt', 'pre-compact', 'session-start', 'stop', 'read-digest'].map((n) => [
      n,
      `hooks/src/events/${n}.ts`,
    ]),
  ),
  outdir: `${outdir}/hook-events`,
  ...HOOK_MINIFY,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  banner: ESM_REQUIRE_BANNER,
});

// OpenCode loads plugins in-process: one self-contained module that setup points an
// `.opencode/plugins/context-mode.ts` re-export at.
await bundle({ entryPoints: { 'opencode-plugin': 'hooks/src/opencode/plugin.ts' }, banner: ESM_REQUIRE_BANNER });
// The dashboard: one static bundle for the browser, the VS Code webview and JetBrains' JCEF. It ships inside
// the server package (server/dist/dashboard) so `ctxmode dashboard` and both IDE shells serve the same files.
await build({
  absWorkingDir: root,
  entryPoints: { dashboard: 'shared/dashboard/src/main.ts' },
  outdir: `${outdir}/dashboard`,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['chrome110', 'safari16'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
for (const f of ['index.html', 'dashboard.css'])
  copyFileSync(`${root}shared/dashboard/${f}`, `${outdir}/dashboard/${f}`);
process.stderr.write(`built server/dist in ${Date.now() - started} ms\n`);
