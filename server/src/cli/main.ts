import { Command, CommanderError } from 'commander';
import { registerAllCommands } from './commands/all.js';

/** Exit codes that mean something: 0 ok, 1 failure, 2 usage. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export function buildProgram(): Command {
  const program = new Command('ctxmode')
    .description(
      'Keeps AI coding agents\' context windows clean.\n' +
        'With no command, serves the MCP server on stdio. `ctxmode hook <host> <event>` runs a hook.\n' +
        'The npm package and command are `ctxmode` (`context-mode` on npm is a different product).',
    )
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride();
  program.command('serve').description('serve the MCP server on stdio (the default with no command)');
  program
    .command('hook <host> <event>')
    .description('run one hook event for a host, reading its JSON payload on stdin (e.g. hook claude-code pretooluse)');
  registerAllCommands(program);
  return program;
}

async function main(): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here with exitCode 0.
      process.exitCode = err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
      return;
    }
    process.stderr.write(`context-mode: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = EXIT_FAILURE;
  }
}

await main();
