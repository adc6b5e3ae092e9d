import type { Command } from 'commander';

/** Placeholder: `context-mode index <path>` lands with the knowledge base. */
export function registerIndexCommand(program: Command): void {
  void program;
}
