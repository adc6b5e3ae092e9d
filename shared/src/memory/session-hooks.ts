import { renderRoutingBlock } from '../instructions/render-instructions.js';
import { recordLedger } from '../ledger/record.js';
import { hostToolName } from '../platforms/resolve-host.js';
import type { HostRecord } from '../platforms/types.js';
import { findProjectRoot, projectPaths } from '../project/project-identity.js';
import { noteActiveSession } from './active-session.js';
import { buildSnapshot, SNAPSHOT_BUDGET } from './build-snapshot.js';
import { extractPromptEvents } from './extract-prompt-events.js';
import { reopenIfCorrupt } from '../db/open-database.js';
import { MemoryStore, retentionDays } from './memory-store.js';
import { openMemoryStore } from './open-memory-store.js';
import { MEMORY_MIGRATIONS } from './memory-schema.js';

/**
 * The memory side of each hook event, written once for every host. Hook handlers are thin adapters over these;
 * host facts (can it inject context? does it compact?) come from the host record's capabilities.
 */
export interface HookSession {
  /** Any directory inside the project; the project root is found from it (git root, else the dir). */
  projectDir: string;
  sessionId: string;
  host: HostRecord;
  env?: NodeJS.ProcessEnv;
  now?: number;
  /**
   * When given, what we inject is not booked here: its own cost is collected into this list for the caller to
   * book with bookInjectedCosts once the host has put it in front of the model. For a host that may route the
   * text elsewhere (OpenCode's plugin: the next system prompt can be a title request), so that the ledger books
   * only what reached the agent.
   */
  deferredCosts?: InjectedCost[];
}

/** Bytes of context we injected, booked as `own-cost` under `tool` (routing-block, resume-snapshot). */
export interface InjectedCost {
  tool: string;
  bytes: number;
}

/** A snapshot from another session is offered as a follow-up only when it is this recent. */
const FOLLOWUP_MAX_AGE_MS = 2 * 60 * 60 * 1000;

function withStore<T>(s: HookSession, fn: (store: MemoryStore, root: string) => T): T {
  const root = findProjectRoot(s.projectDir);
  const env = s.env ?? process.env;
  let store = openMemoryStore(root, env);
  try {
    try {
      const result = fn(store, root);
      noteActiveSession(projectPaths(root, env).dir, {
        sessionId: s.sessionId,
        host: s.host.id,
        time: s.now ?? Date.now(),
      });
      return result;
    } catch (err) {
      // Garbage in interior pages shows only when a query reads them: confirmed by quick_check, the file is
      // moved aside and this hook's work is done on a fresh store, instead of failing at every prompt.
      const fresh = reopenIfCorrupt(store.db, { migrations: MEMORY_MIGRATIONS }, err);
      if (!fresh) throw err;
      store = new MemoryStore(fresh, env);
      return fn(store, root);
    }
  } finally {
    store.close();
  }
}

function ownCost(s: HookSession, root: string, tool: string, text: string): void {
  if (!text) return;
  const bytes = Buffer.byteLength(text);
  if (s.deferredCosts) s.deferredCosts.push({ tool, bytes });
  else bookCost(s, root, { tool, bytes });
}

function bookCost(s: HookSession, root: string, cost: InjectedCost): void {
  recordLedger(
    root,
    {
      sessionId: s.sessionId,
      host: s.host.id,
      tool: cost.tool,
      kind: 'own-cost',
      rawBytes: 0,
      returnedBytes: cost.bytes,
      time: s.now ?? Date.now(),
    },
    s.env ?? process.env,
  );
}

/** Books costs collected through `deferredCosts`, once the host has delivered the text they are for. */
export function bookInjectedCosts(s: HookSession, costs: readonly InjectedCost[]): void {
  if (!costs.length) return;
  const root = findProjectRoot(s.projectDir);
  for (const cost of costs) if (cost.bytes > 0) bookCost(s, root, cost);
}

/**
 * prompt: stores the prompt and what it implies (goal, decision, rule, …). When this session compacted without
 * a session-start(compact) to inject the snapshot (hosts whose compaction keeps the session running), the
 * snapshot is claimed here and returned as context for this turn; otherwise ''.
 */
export function recordPrompt(s: HookSession, prompt: string | undefined): string {
  const events = extractPromptEvents(prompt);
  const now = s.now ?? Date.now();
  return withStore(s, (store, root) => {
    let pending = '';
    if (s.host.capabilities.value.injectContext && store.session(s.sessionId)) {
      const own = store.claimSnapshot(s.sessionId, { own: true, ownOrigin: 'compact', now });
      if (own) {
        pending = own.snapshot;
        store.startLeg(s.sessionId, { host: s.host.id, compacted: true, now });
        ownCost(s, root, 'resume-snapshot', pending);
      }
    }
    if (events.length) store.addEvents(s.sessionId, events, { host: s.host.id, worktree: root, now });
    return pending;
  });
}

function snapshotOf(store: MemoryStore, s: HookSession): string {
  const session = store.session(s.sessionId);
  if (!session) return '';
  return buildSnapshot(store.sessionEvents(s.sessionId), {
    sessionId: s.sessionId,
    leg: session.leg,
    compactCount: session.compactCount,
    searchTool: hostToolName(s.host, 'ctx_search'),
    budget: SNAPSHOT_BUDGET,
  });
}

/** pre-compact: builds the budgeted resume snapshot and stores it unconsumed. Returns it ('' when nothing to say). */
export function saveResumeSnapshot(s: HookSession): string {
  return withStore(s, (store) => {
    const snapshot = snapshotOf(store, s);
    if (snapshot)
      store.saveSnapshot(s.sessionId, snapshot, {
        leg: store.session(s.sessionId)?.leg ?? 0,
        now: s.now ?? Date.now(),
      });
    return snapshot;
  });
}

export type StartSource = 'startup' | 'compact' | 'resume' | 'clear';

/**
 * session-start: the context to inject. startup and clear → the routing block (startup also applies
 * retention); compact → routing block + this session's snapshot; resume of a session we already served →
 * nothing new (its transcript holds our injections) unless a compaction snapshot waits; other resume → routing block + this session's
 * snapshot, or the newest unconsumed one of the project, claimed atomically. Compact and resume start a new
 * leg so the next snapshot does not present this leg's errors and subagents as current.
 */
export function sessionStartContext(s: HookSession, source: StartSource): string {
  const caps = s.host.capabilities.value;
  const block = renderRoutingBlock(s.host);
  const now = s.now ?? Date.now();
  return withStore(s, (store, root) => {
    let snapshot = '';
    if (source === 'startup') {
      store.cleanup({ days: retentionDays(s.env ?? process.env), now });
      store.ensureSession(s.sessionId, { host: s.host.id, worktree: root, now });
    } else if (source === 'resume' && store.session(s.sessionId)) {
      // The host resumes a transcript that already holds our routing block and earlier snapshots: repeating
      // them only stacks duplicates. A compaction snapshot still waiting (pre-compact without a compact start)
      // is the one thing the transcript lacks.
      const pending = store.claimSnapshot(s.sessionId, { own: true, ownOrigin: 'compact', now });
      if (s.host.resumeKeepsInjectedContext?.value === false) {
        // This host resumes without what we injected before: the routing block comes again, once.
        snapshot = pending?.snapshot ?? '';
        if (snapshot) store.markResumeDelivered(s.sessionId);
      } else {
        if (!pending || !caps.injectContext) return '';
        store.markResumeDelivered(s.sessionId);
        ownCost(s, root, 'resume-snapshot', pending.snapshot);
        return pending.snapshot;
      }
    } else if (source === 'compact' || source === 'resume') {
      const own = store.claimSnapshot(s.sessionId, { own: true, now });
      snapshot = own?.snapshot ?? '';
      // A host without a pre-compact hook (or a resume of a session that never compacted) still has events.
      if (!snapshot) snapshot = snapshotOf(store, s);
      if (!snapshot && source === 'resume') {
        const other = store.claimSnapshot(s.sessionId, { own: false, others: true, now });
        if (other) snapshot = other.snapshot.replace('<session_resume ', '<session_resume from="previous session" ');
      }
      store.startLeg(s.sessionId, { host: s.host.id, compacted: source === 'compact', now });
      if (snapshot) store.markResumeDelivered(s.sessionId);
    }
    if (!caps.injectContext) return '';
    const text = snapshot ? `${block}\n${snapshot}` : block;
    // Booked so the two rows add up to exactly the bytes injected.
    ownCost(s, root, 'routing-block', block);
    if (snapshot) ownCost(s, root, 'resume-snapshot', text.slice(block.length));
    return text;
  });
}

/**
 * stop: refreshes this session's turn-end snapshot (so a later session can resume from it, and hosts that never
 * announce compaction still have one), unless a compaction snapshot is still waiting to be injected. On hosts
 * that take context but have no pre-compact hook (per their capabilities), a new session's first stop returns
 * the newest recent unconsumed snapshot of another session as a follow-up message.
 */
export function stopFollowup(s: HookSession): string | undefined {
  const caps = s.host.capabilities.value;
  const now = s.now ?? Date.now();
  // A host that can take context but never announces compaction (no pre-compact hook) cannot carry a resume
  // through pre-compact + session-start; its stop answer is the other channel. Hosts that cannot take context
  // at all are left alone: a follow-up there would force an extra turn the user did not ask for.
  const needsFollowup = !caps.preCompact && caps.injectContext;
  return withStore(s, (store, root) => {
    let followup: string | undefined;
    const session = store.ensureSession(s.sessionId, { host: s.host.id, worktree: root, now });
    if (needsFollowup && !session.resumeDelivered) {
      const other = store.claimSnapshot(s.sessionId, { own: false, others: true, now, maxAgeMs: FOLLOWUP_MAX_AGE_MS });
      if (other) {
        followup =
          'Context from the previous session in this project, for reference only: continue it only if the ' +
          `user's request is related.\n${other.snapshot.replace('<session_resume ', '<session_resume from="previous session" ')}`;
        ownCost(s, root, 'resume-snapshot', followup);
      }
      // Delivered or not, do not look again on every turn.
      store.markResumeDelivered(s.sessionId);
    }
    if (!store.hasPendingSnapshot(s.sessionId, 'compact')) {
      const snapshot = snapshotOf(store, s);
      if (snapshot) store.saveSnapshot(s.sessionId, snapshot, { leg: session.leg, now, origin: 'turn' });
    }
    return followup;
  });
}
