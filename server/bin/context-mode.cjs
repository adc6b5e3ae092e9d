#!/usr/bin/env node
'use strict';
// Entry point. Each path loads only its own bundle: a hook must not pay for the MCP SDK or the CLI parser,
// and the MCP server must not pay for the CLI parser. This file is CommonJS on purpose: the hook runs once
// per tool call, and a CommonJS entry requiring a CommonJS bundle skips the ES module loader's start-up
// (measured ~10 ms, about a tenth of `node -e 0`; see bench/hooks.bench.ts).
const command = process.argv[2];
// `serve --help` and `hook --help` ask for usage, which the CLI prints; they must not start a server or a hook.
const asksUsage = (command === 'serve' || command === 'hook') && (process.argv[3] === '--help' || process.argv[3] === '-h');
if (command === 'hook' && !asksUsage) {
  require('../dist/hook.cjs');
} else {
  const entry = (command === undefined || command === 'serve') && !asksUsage ? '../dist/mcp.mjs' : '../dist/cli.mjs';
  import(entry).catch((err) => {
    process.stderr.write(`context-mode: cannot start (${err && err.message ? err.message : err}). Run \`npm run build\`?\n`);
    process.exit(1);
  });
}
