/**
 * The one normalized routing decision. Routing (pure) produces it; a formatter per wire dialect renders it.
 * `meta` says what the decision expects to keep out of the context, for the ledger and the memory timeline.
 */
export interface RedirectMeta {
  tool: string;
  type: string; // e.g. 'bash-redirected', 'read-redirected', 'webfetch-redirected'
  bytesAvoided: number;
  summary: string; // ≤ 200 chars of the command or path
}

export type Decision =
  | { action: 'deny'; reason: string; meta?: RedirectMeta; plainRead?: string[] }
  | { action: 'ask'; reason?: string; meta?: RedirectMeta }
  | {
      action: 'modify';
      updatedInput: Record<string, unknown>;
      reason?: string;
      meta?: RedirectMeta;
      /** Absolute paths of the regular files a plain read (`cat f`) names: the caller may add their digest. */
      plainRead?: string[];
    }
  | { action: 'context'; additionalContext: string; meta?: RedirectMeta }
  | { action: 'none' };
