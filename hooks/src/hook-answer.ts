// Entry of server/dist/hook-answer.mjs: the hook runner without a process, for the MCP tool that answers a
// host's `mcp_tool` hooks (server/src/mcp/hook-tool.ts). The server loads this bundle at run time, never by import.
export { answerHookText, type HookResult, type HookTextOptions } from './run-hook.js';
