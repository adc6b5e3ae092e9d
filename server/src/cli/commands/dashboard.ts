import type { Command } from 'commander';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fail, usageError } from '../cli-output.js';
import { PROJECT_OPTION_HELP, cliProjectRoot } from './kb-open.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/** The dashboard bundle: beside the built CLI (dist/dashboard), or the build output when run from sources. */
function bundleDir(): string | undefined {
  for (const rel of ['./dashboard/', '../../../dist/dashboard/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(`${dir}index.html`)) return dir;
  }
  return undefined;
}

function canOpenBrowser(): boolean {
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  const child = spawn(cmd as string, args as string[], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`ctxmode: could not open a browser; open ${url} yourself\n`));
  child.unref();
}

/** `ctxmode dashboard` (browser UI on 127.0.0.1) and `ctxmode action` (one dashboard action, for the IDE shells). */
export function registerDashboardCommands(program: Command): void {
  program
    .command('dashboard')
    .description('serve the dashboard on 127.0.0.1 (random port and token) and open it in the browser')
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option('--port <n>', 'port (default: a free one)')
    .option('--no-open', 'print the URL without opening a browser')
    .action(async (opts: { project?: string; port?: string; open: boolean }) => {
      const port = opts.port === undefined ? 0 : Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        return usageError('--port takes a number from 0 to 65535', { prefix: 'ctxmode' });
      }
      const dir = bundleDir();
      if (!dir) return fail('the dashboard bundle is missing (dist/dashboard); run npm run build');
      const { startDashboardServer } = await import('../../dashboard/serve-dashboard.js');
      let server;
      try {
        server = await startDashboardServer({ projectRoot: cliProjectRoot(opts.project), bundleDir: dir, port });
      } catch (err) {
        return fail(`cannot serve the dashboard: ${errorMessage(err)}`);
      }
      // Ctrl-C is handled before the URL goes out: whoever reads the URL may stop the dashboard at once.
      const stop = () => void server.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      // The URL first, alone on its line: scripts and the IDE shells read it.
      process.stdout.write(`${server.url}\n`);
      if (opts.open && canOpenBrowser()) openBrowser(server.url);
      else process.stderr.write('Open the URL above in a browser. Ctrl-C stops the dashboard.\n');
    });

  program
    .command('action <json>')
    .description(
      'perform one dashboard action (JSON, e.g. {"type":"refresh"}) and print the messages for the page as JSON',
    )
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option(
      '--session-since <ms>',
      'show as "this session" only one active since this time (ms since 1970; an IDE window passes its start)',
    )
    .action(async (json: string, opts: { project?: string; sessionSince?: string }) => {
      const { parseDashboardAction, performDashboardAction } = await import('../../dashboard/dashboard-actions.js');
      let raw: unknown;
      try {
        raw = JSON.parse(json);
      } catch (err) {
        return usageError(`the action is not JSON: ${errorMessage(err)}`, { json: true });
      }
      const parsed = parseDashboardAction(raw);
      if (!parsed.ok) {
        return usageError(parsed.message, { json: true });
      }
      const since = opts.sessionSince === undefined ? undefined : Number(opts.sessionSince);
      if (since !== undefined && !(Number.isSafeInteger(since) && since >= 0)) {
        return usageError('--session-since takes a time in milliseconds since 1970', { json: true });
      }
      const view = since === undefined ? {} : { sessionSince: since };
      process.stdout.write(
        `${JSON.stringify(performDashboardAction(parsed.action, cliProjectRoot(opts.project), process.env, view))}\n`,
      );
    });
}
