import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { dataHome, makeDirs } from '@context-mode/shared/project/data-home';
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerContext } from '../context.js';
import { toolText } from '../tool-result.js';

const lenientBool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

/**
 * ctx_upgrade: without `confirm` it says what an upgrade does and the command for the user; with `confirm: true`
 * (the user asked for it) it starts `ctxmode upgrade` as a detached process — npm may take minutes and the
 * server must not block — logging to <data home>/logs/upgrade.log. The upgrade installs only the `ctxmode`
 * package into the managed runtime and re-runs setup for hosts already set up; the host needs a restart after.
 */
export function registerCtxUpgradeTool(server: McpServer, ctx: ServerContext): void {
  server.registerTool(
    'ctx_upgrade',
    {
      title: 'Upgrade context-mode',
      description:
        'Upgrade context-mode (npm package ctxmode). confirm: true starts it (only when the user asks); else says how.',
      inputSchema: { confirm: lenientBool.optional().describe('true = start the upgrade now') },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    async (args: { confirm?: boolean | undefined }) => {
      const host = ctx.host()?.displayName ?? 'the agent host';
      if (!args.confirm) {
        return toolText(
          [
            'Ask the user to run, in a terminal:',
            '  ctxmode upgrade --from <path to the new ctxmode-<version>.tgz>   (updates the managed install, re-runs setup for the hosts already set up, runs doctor)',
            '  (`context-mode` on npm is a different product; ctxmode is installed from its release tarball)',
            '  The new version is checked before it replaces the old one; `ctxmode upgrade --rollback` goes back.',
            `Or call ctx_upgrade with confirm: true if the user asked you to upgrade. Then restart ${host}.`,
          ].join('\n'),
        );
      }
      const logs = join(dataHome(ctx.env), 'logs');
      makeDirs(logs);
      const logFile = join(logs, 'upgrade.log');
      const fd = openSync(logFile, 'a');
      try {
        const { ownBin } = await import('../../setup/run-setup.js');
        const child = spawn(process.execPath, [ownBin(), 'upgrade'], {
          env: ctx.env,
          detached: true,
          stdio: ['ignore', fd, fd],
          cwd: ctx.projectRoot,
        });
        child.unref();
        return toolText(
          `Upgrade started (pid ${child.pid}); progress and result in ${logFile}. When it says done, restart ${host}.`,
        );
      } finally {
        closeSync(fd);
      }
    },
  );
}
