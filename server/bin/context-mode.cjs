#!/usr/bin/env node
'use strict';
// Entry point. Each path loads only its own bundle: a hook must not pay for the MCP SDK or the CLI parser,
// and the MCP server must not pay for the CLI parser. This file is CommonJS on purpose: the hook runs once
// per tool call, and a CommonJS entry requiring a CommonJS bundle skips the ES module loader's start-up
// (measured ~10 ms, about a tenth of `node -e 0`; see bench/hooks.bench.ts).
const command = process.argv[2];
// `serve --help` and `hook --help` ask for usage, which the CLI prints; they must not start a server or a hook.
const asksUsage =
  (command === 'serve' || command === 'hook') && (process.argv[3] === '--help' || process.argv[3] === '-h');
if (command === 'hook' && !asksUsage) {
  requireHook();
} else {
  const entry = (command === undefined || command === 'serve') && !asksUsage ? '../dist/mcp.mjs' : '../dist/cli.mjs';
  import(entry).catch((err) => {
    // An installed package misses a bundle only when its install broke; a clone misses it before its first build.
    process.stderr.write(
      `context-mode: cannot start (${err && err.message ? err.message : err}). ` +
        'Reinstall the package (in a clone of the repository: npm run build).\n',
    );
    process.exit(1);
  });
}

/**
 * A hook must never fail the host, not even while the engine is being replaced (`ctxmode upgrade` runs npm
 * install over it; a rebuild removes dist/ first): wait up to 10 s (a rebuild on a loaded machine takes several) for the bundle to be back, then answer
 * nothing with exit 0 — the host's no-op — instead of Node's exit 1 and stack trace.
 */
function requireHook() {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      require('../dist/hook.cjs');
      return;
    } catch (err) {
      const missing = err && err.code === 'MODULE_NOT_FOUND' && /dist[\\/]hook\.cjs/.test(String(err.message));
      // A bundle caught half-written fails to compile; it is whole again once the writer is done.
      const partial = err instanceof SyntaxError;
      if ((!missing && !partial) || Date.now() >= until) {
        process.stderr.write(
          `context-mode: the hook engine is not loadable (${err && err.message ? err.message.split('\n')[0] : err}); answering nothing\n`,
        );
        process.exit(0);
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
}
