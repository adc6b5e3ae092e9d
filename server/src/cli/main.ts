import { Command, CommanderError } from 'commander';
import { EXIT_OK, EXIT_USAGE, endQuietlyWhenOutputCloses, fail, jsonRequested, usageError } from './cli-output.js';
import { registerAllCommands } from './commands/all.js';
import { assertProjectDir } from './project-option.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

function buildProgram(json = jsonRequested()): Command {
  const program = new Command('ctxmode')
    .description(
      "Keeps AI coding agents' context windows clean.\n" +
        'With no command, serves the MCP server on stdio. `ctxmode hook <host> <event>` runs a hook.\n' +
        'The npm package and command are `ctxmode` (`context-mode` on npm is a different product).',
    )
    .version('0.1.0')
    .showHelpAfterError(!json)
    .exitOverride();
  // With --json a usage error is the JSON error shape on stdout (main below), not commander's text on stderr.
  // Set before the commands are added: they inherit it.
  if (json) program.configureOutput({ outputError: () => undefined });
  // Both are routed by bin/context-mode.cjs without this parser; they are here for --help and the command list.
  program
    .command('serve')
    .description('serve the MCP server on stdio (the default with no command)')
    .addHelpText(
      'after',
      '\nSpeaks MCP (JSON-RPC) on stdin/stdout until stdin closes; hosts start it, you normally do not.',
    );
  program
    .command('hook <host> <event>')
    .description('run one hook event for a host, reading its JSON payload on stdin (e.g. hook claude-code pretooluse)')
    .addHelpText(
      'after',
      "\nHosts run this from the hooks `ctxmode setup` registers; it answers on stdout in the host's own format\n" +
        'and always exits 0 unless the host documents a blocking exit code. Example:\n' +
        '  echo \'{"tool_name":"Bash","tool_input":{"command":"cat big.log"}}\' | ctxmode hook claude-code pretooluse',
    );
  registerAllCommands(program);
  // Every command that takes --project refuses one that does not exist, before it opens or creates anything
  // (a typo would otherwise get a data folder of its own and empty answers).
  // A parent command with the option of its own (`sources … delete`) takes it wherever it is typed: check them all.
  program.hook('preAction', (_program, action) => {
    for (let cmd: Command | null = action; cmd; cmd = cmd.parent) {
      const project: unknown = cmd.opts().project;
      if (typeof project === 'string') assertProjectDir(project);
    }
  });
  return program;
}

async function main(): Promise<void> {
  endQuietlyWhenOutputCloses();
  const program = buildProgram();
  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here with exitCode 0.
      if (err.exitCode === 0) process.exitCode = EXIT_OK;
      else if (jsonRequested())
        usageError(err.message.replace(/^error: /, ''), { hint: 'ctxmode <command> --help shows the usage' });
      else process.exitCode = EXIT_USAGE;
      return;
    }
    fail(errorMessage(err));
  }
}

await main();
