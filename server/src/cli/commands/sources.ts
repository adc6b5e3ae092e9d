import type { Command } from 'commander';

/** Placeholder: adds nothing until its issue lands. */
export function registerSourcesCommand(program: Command): void {
  void program;
}
