#!/usr/bin/env node
// Entry point. Each path imports only its own bundle: a hook must not pay for the MCP SDK or the CLI parser,
// and the MCP server must not pay for the CLI parser.
const command = process.argv[2];
if (command === 'hook') {
  await import('../dist/hook.mjs');
} else if (command === undefined || command === 'serve') {
  await import('../dist/mcp.mjs');
} else {
  await import('../dist/cli.mjs');
}
