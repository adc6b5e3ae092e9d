/**
 * Whether to offer, apply or skip writing the workspace's hook file and instruction block when a workspace
 * opens. Never writes without consent: "ask" offers once per workspace and remembers the answer.
 */
export type SetupAnswer = 'set-up' | 'always' | 'not-now';
export type WorkspaceSetupState = 'done' | 'declined' | undefined;

export interface SetupContext {
  autoSetup: 'ask' | 'always' | 'never';
  workspaceState: WorkspaceSetupState;
  hasWorkspace: boolean;
  /** The plan the engine computed says nothing would change (already set up). */
  upToDate: boolean;
}

export type SetupAction = 'apply' | 'offer' | 'skip';

export function decideSetup(ctx: SetupContext): SetupAction {
  if (!ctx.hasWorkspace || ctx.upToDate || ctx.autoSetup === 'never') return 'skip';
  if (ctx.autoSetup === 'always') return 'apply';
  return ctx.workspaceState === undefined ? 'offer' : 'skip';
}

/** What to remember after the user answers the offer; `always` also flips the user-level setting. */
export function afterAnswer(answer: SetupAnswer | undefined): {
  state: WorkspaceSetupState;
  apply: boolean;
  setAlways: boolean;
} {
  if (answer === 'set-up') return { state: 'done', apply: true, setAlways: false };
  if (answer === 'always') return { state: 'done', apply: true, setAlways: true };
  // Dismissing the notification is not a "no": ask again next time the workspace opens.
  if (answer === undefined) return { state: undefined, apply: false, setAlways: false };
  return { state: 'declined', apply: false, setAlways: false };
}
