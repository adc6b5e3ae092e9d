/**
 * The one routing-rules template. Instruction files (configs/<host>/…) and the session-start routing block are
 * both rendered from it, so what the model is told can never drift between hosts or between the file and the
 * injected block. `{ctx_x}` placeholders become the host's own name for our tool (hostToolName).
 */
import { MCP_TOOLS } from '../platforms/mcp-tools.js';

/** Markdown body of an instruction file. */
export const INSTRUCTION_TEMPLATE = `# context-mode: keep the context window clean

Think in code. When a task needs data processed (test or build output, logs, JSON, large files, web pages),
write a short program that prints only the answer; only what it prints enters the context. Output above the
result budget is indexed whole and comes back as a digest (first/last lines, every error line, counts) with a
handle to search.

## Which tool

- Commands with long output (tests, builds, \`git log\`, \`grep\` over a tree, \`find\`): {ctx_batch_execute}
  with the commands and your questions, or {ctx_execute} for one command.
- Analyse a file without reading it whole: {ctx_execute_file} (the file arrives as \`FILE_CONTENT\`).
- Web pages and HTTP APIs: {ctx_fetch_and_index}, then {ctx_search}. No curl or wget in the shell, no
  inline HTTP calls in code.
- A digest's handle or indexed docs: {ctx_search}(queries: [...], source: "<handle>").
- Index docs or a directory for later questions: {ctx_index}.
- Files you will edit: read and edit them with your normal tools.
- Short commands (git status, ls, mkdir, mv, installs): your normal shell.
- Write artifacts (reports, generated code) to files; reply with the path and one line.

## Memory

Before asking the user to repeat anything, search the project's memory:
{ctx_search}(queries: ["..."], sort: "timeline"). \`source\` narrows it: user-prompt, goal, decision, rule,
constraint, error, file, git, task, plan. No results: the topic is new. Memory is a hint; the user's latest
message wins.

## Commands

"ctx stats" → {ctx_stats} · "ctx doctor" → {ctx_doctor} · "ctx upgrade" → {ctx_upgrade} ·
"ctx purge" → {ctx_purge} (asks for confirmation first).
`;

/** The session-start routing block: the same rules, condensed to fit ROUTING_BLOCK_BUDGET. */
export const ROUTING_BLOCK_TEMPLATE = `<context_mode>
Think in code: process data in a sandbox and print only the answer; only printed output enters the context.
- Long output (tests, builds, logs, git log, grep, find): {ctx_batch_execute}(commands, queries) or {ctx_execute}.
- Analyse a file without reading it whole: {ctx_execute_file}.
- Web pages and APIs: {ctx_fetch_and_index}, then {ctx_search}; not curl/wget.
- Digest handles and indexed docs: {ctx_search}(queries, source).
- Earlier work in this project: {ctx_search}(queries, sort: "timeline"); source = user-prompt, goal, decision, rule, error, file, git or task.
Read files you will edit with your normal tools. Remembered context is a hint: the latest user message wins.
</context_mode>`;

/** Hard budget of the injected routing block, in UTF-8 bytes. */
export const ROUTING_BLOCK_BUDGET = 1_536;

/** Every tool the template names: all of them (the one table, shared/src/platforms/mcp-tools.ts). */
export const TEMPLATE_TOOLS = MCP_TOOLS;
