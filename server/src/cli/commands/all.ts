import type { Command } from 'commander';
import { registerDashboardCommands } from './dashboard.js';
import { registerDoctorCommand } from './doctor.js';
import { registerIndexCommand } from './index-cmd.js';
import { registerMemoryCommand } from './memory.js';
import { registerPurgeCommand } from './purge.js';
import { registerSearchCommand } from './search.js';
import { registerSetupCommands } from './setup.js';
import { registerUpgradeCommand } from './upgrade.js';
import { registerSourcesCommand } from './sources.js';
import { registerStateCommand } from './state.js';
import { registerStatsCommand } from './stats.js';

/** Every subcommand of the CLI (the `hook` and MCP paths bypass this file entirely: see bin/context-mode.cjs). */
export function registerAllCommands(program: Command): void {
  registerIndexCommand(program);
  registerSearchCommand(program);
  registerSourcesCommand(program);
  registerStatsCommand(program);
  registerStateCommand(program);
  registerDashboardCommands(program);
  registerMemoryCommand(program);
  registerPurgeCommand(program);
  registerDoctorCommand(program);
  registerSetupCommands(program);
  registerUpgradeCommand(program);
}
