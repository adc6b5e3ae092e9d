import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const BIN = fileURLToPath(new URL('../../bin/context-mode.cjs', import.meta.url));

export interface BuiltServer {
  client: Client;
  home: string;
  project: string;
  stderr: () => string;
  close(): Promise<void>;
}

/**
 * Spawns the built bin (`npm run build` first) as a real MCP server over stdio, with a temp
 * CONTEXT_MODE_HOME and project dir, and connects a real SDK Client to it.
 */
export async function startBuiltServer(
  options: {
    env?: Record<string, string>;
    project?: string;
    clientName?: string;
    /** Another build's bin (the sandbox bench's previous release); default: this checkout's. */
    bin?: string;
  } = {},
): Promise<BuiltServer> {
  const home = mkdtempSync(join(tmpdir(), 'cm-home-'));
  const project = options.project ?? mkdtempSync(join(tmpdir(), 'cm-proj-'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  Object.assign(env, { CONTEXT_MODE_HOME: home, CONTEXT_MODE_PROJECT_DIR: project }, options.env ?? {});
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [options.bin ?? BIN],
    env,
    cwd: project,
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const client = new Client({ name: options.clientName ?? 'context-mode-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    home,
    project,
    stderr: () => err,
    close: async () => {
      await client.close();
      rmSync(home, { recursive: true, force: true });
      if (!options.project) rmSync(project, { recursive: true, force: true });
    },
  };
}
