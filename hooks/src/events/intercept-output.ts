import type { Envelope, HookContext, Outcome } from './types.js';

/** Placeholder: replaces nothing until the budget and knowledge base land. */
export function interceptOutput(envelope: Envelope, ctx: HookContext): Outcome {
  void envelope;
  void ctx;
  return { kind: 'none' };
}
