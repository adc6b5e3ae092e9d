import type { Command } from 'commander';

/** Placeholder: adds nothing until its issue lands. */
export function registerSearchCommand(program: Command): void {
  void program;
}
