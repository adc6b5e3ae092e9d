import { redactText } from '../policy/redact.js';
import type { MemoryCategory, MemoryEvent } from './event-types.js';
import { shortPath } from './short-path.js';

/** Hard budget of a resume snapshot, in UTF-8 bytes (docs/architecture.md#session-memory). */
export const SNAPSHOT_BUDGET = 2_048;

export interface SnapshotOptions {
  sessionId: string;
  /** The session's current leg: errors, tasks and subagents of earlier legs are history, not current state. */
  leg: number;
  compactCount?: number;
  /** How the host names our ctx_search tool (hostToolName), used in every section's retrieval line. */
  searchTool: string;
  budget?: number;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Cuts to at most `max` UTF-8 bytes on a code point boundary, marking the cut. */
function clipBytes(s: string, max: number): string {
  if (bytes(s) <= max) return s;
  if (max <= 1) return '';
  let out = '';
  let used = 0;
  for (const ch of s) {
    const b = bytes(ch);
    if (used + b > max - 3) break;
    out += ch;
    used += b;
  }
  return `${out}…`;
}

interface Section {
  title: string;
  /** Items, most relevant first; the builder drops from the end and shortens to fit. */
  items: string[];
  source: MemoryCategory;
  query: string;
  /** Joined on one line (file lists) rather than one bullet per item. */
  inline?: boolean;
}

function lastOf(events: MemoryEvent[], pred: (e: MemoryEvent) => boolean): MemoryEvent | undefined {
  for (let i = events.length - 1; i >= 0; i--) if (pred(events[i]!)) return events[i];
  return undefined;
}

/** Distinct values by key, newest first. */
function distinctNewest(
  events: MemoryEvent[],
  pred: (e: MemoryEvent) => boolean,
  keyOf = (e: MemoryEvent) => e.key || e.data,
): MemoryEvent[] {
  const seen = new Set<string>();
  const out: MemoryEvent[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (!pred(e)) continue;
    const k = keyOf(e);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(e);
  }
  return out;
}

function queryWords(text: string): string {
  return oneLine(text)
    .replace(/[^\p{L}\p{N}\s._/-]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2)
    .slice(0, 4)
    .join(' ')
    .slice(0, 60);
}

function sections(events: MemoryEvent[], leg: number): Section[] {
  const current = events.filter((e) => e.leg >= leg);
  const out: Section[] = [];

  const lastPrompt = lastOf(events, (e) => e.category === 'user-prompt');
  if (lastPrompt) {
    out.push({
      title: 'Last request',
      items: [oneLine(lastPrompt.data)],
      source: 'user-prompt',
      query: queryWords(lastPrompt.data),
      inline: true,
    });
  }
  const goal = lastOf(events, (e) => e.category === 'goal');
  if (goal)
    out.push({
      title: 'Goal',
      items: [oneLine(goal.data)],
      source: 'goal',
      query: queryWords(goal.data),
      inline: true,
    });

  // An error is open until a later event with the same key resolves it.
  const resolved = new Set(current.filter((e) => e.type === 'error_resolved').map((e) => e.key));
  const lastResolvedAt = new Map<string, number>();
  for (const e of current) if (e.type === 'error_resolved') lastResolvedAt.set(e.key, e.id);
  const openErrors = distinctNewest(
    current,
    (e) => e.type === 'error_tool' && (!resolved.has(e.key) || e.id > (lastResolvedAt.get(e.key) ?? 0)),
  );
  const lastBlocker = lastOf(current, (e) => e.category === 'blocker');
  const errorItems = openErrors.slice(0, 4).map((e) => oneLine(e.data));
  if (lastBlocker?.type === 'blocker') errorItems.unshift(`blocker: ${oneLine(lastBlocker.data)}`);
  if (errorItems.length)
    out.push({
      title: 'Open errors',
      items: errorItems,
      source: 'error',
      query: queryWords(openErrors[0]?.data ?? lastBlocker?.data ?? 'error'),
    });

  const counts = new Map<string, { edit: number; write: number }>();
  for (const e of events) {
    if (e.type !== 'file_edit' && e.type !== 'file_write') continue;
    const c = counts.get(e.data) ?? { edit: 0, write: 0 };
    if (e.type === 'file_edit') c.edit++;
    else c.write++;
    counts.set(e.data, c);
  }
  const changedEvents = distinctNewest(
    events,
    (e) => e.type === 'file_edit' || e.type === 'file_write',
    (e) => e.data,
  );
  const changed = changedEvents.map((e) => {
    const c = counts.get(e.data)!;
    const ops = [
      c.write ? `write${c.write > 1 ? `×${c.write}` : ''}` : '',
      c.edit ? `edit${c.edit > 1 ? `×${c.edit}` : ''}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    return `${shortPath(e.data)} (${ops})`;
  });
  if (changed.length)
    out.push({
      title: 'Files changed',
      items: changed.slice(0, 12),
      source: 'file',
      query: shortPath(changedEvents[0]!.data),
      inline: true,
    });

  const decisions = distinctNewest(
    events,
    (e) => e.category === 'decision',
    (e) => e.data.toLowerCase(),
  ).map((e) => oneLine(e.data));
  if (decisions.length)
    out.push({
      title: 'Decisions',
      items: decisions.slice(0, 5),
      source: 'decision',
      query: queryWords(decisions[0]!),
    });

  const tasks = lastOf(events, (e) => e.type === 'task_list');
  const taskItems = tasks
    ? tasks.data.split('; ').filter((t) => !t.startsWith('✓') && !t.startsWith('✗'))
    : distinctNewest(current, (e) => e.type === 'task_create').map((e) => e.data);
  if (taskItems.length)
    out.push({ title: 'Open tasks', items: taskItems.slice(0, 6), source: 'task', query: queryWords(taskItems[0]!) });

  // Rules are named, never inlined: a rules file is one line with its name; user rules are one sentence each.
  const rules = distinctNewest(
    events,
    (e) => e.category === 'rule' || e.category === 'constraint',
    (e) => e.key || e.data.toLowerCase(),
  ).map((e) => (e.type === 'rule_file' ? `${shortPath(e.data.split(' — ')[0]!)} (rules file)` : oneLine(e.data)));
  if (rules.length)
    out.push({ title: 'Rules and constraints', items: rules.slice(0, 6), source: 'rule', query: 'rule' });

  const commit = lastOf(events, (e) => e.type === 'git_commit');
  const gitOps = distinctNewest(
    events,
    (e) => e.category === 'git' && e.type !== 'git_commit',
    (e) => e.data,
  )
    .slice(0, 3)
    .map((e) => oneLine(e.data));
  const gitItems = [...(commit ? [oneLine(commit.data)] : []), ...gitOps];
  if (gitItems.length) out.push({ title: 'Git', items: gitItems, source: 'git', query: 'git' });

  const cwd = lastOf(events, (e) => e.type === 'cwd');
  const envs = distinctNewest(
    events,
    (e) => e.category === 'env' && e.type !== 'cwd',
    (e) => e.data,
  )
    .slice(0, 3)
    .map((e) => oneLine(e.data));
  const envItems = [...(cwd ? [oneLine(cwd.data)] : []), ...envs];
  if (envItems.length) out.push({ title: 'Environment', items: envItems, source: 'env', query: 'env' });

  const plan = lastOf(current, (e) => e.category === 'plan');
  if (plan)
    out.push({
      title: 'Plan',
      items: [oneLine(plan.data)],
      source: 'plan',
      query: queryWords(plan.data),
      inline: true,
    });

  const subagents = distinctNewest(current, (e) => e.category === 'subagent').map((e) => oneLine(e.data));
  if (subagents.length)
    out.push({
      title: 'Subagents',
      items: subagents.slice(0, 3),
      source: 'subagent',
      query: queryWords(subagents[0]!),
    });

  const skills = distinctNewest(
    events,
    (e) => e.category === 'skill',
    (e) => e.data,
  ).map((e) => e.data);
  if (skills.length)
    out.push({ title: 'Skills', items: skills.slice(0, 5), source: 'skill', query: 'skill', inline: true });

  const read = distinctNewest(
    events,
    (e) => e.type === 'file_read',
    (e) => e.data,
  ).map((e) => shortPath(e.data));
  if (read.length)
    out.push({ title: 'Files read', items: read.slice(0, 8), source: 'file', query: read[0]!, inline: true });

  return out;
}

function render(section: Section, items: string[], itemMax: number, searchTool: string): string {
  const clipped = items.map((i) => esc(clipBytes(i, itemMax)));
  const body = section.inline ? clipped.join(', ') : clipped.map((i) => `- ${i}`).join('\n');
  const q = section.query ? `queries: ["${esc(section.query.replace(/"/g, ''))}"], ` : '';
  return `## ${section.title}\n${body}\n→ ${searchTool}(${q}source: "${section.source}", sort: "timeline")\n`;
}

/**
 * The resume snapshot: sections in priority order (last request, goal, open errors, changed files, decisions,
 * tasks, rules, git, environment, …), each ending with the ctx_search call that retrieves the details. Never
 * exceeds the budget: sections lose items and then shorten before a lower-priority section gets space, and
 * a section that cannot fit at all is left out (its details stay searchable).
 */
export function buildSnapshot(stored: MemoryEvent[], options: SnapshotOptions): string {
  // Events are redacted when stored; a store written by an older version may still hold raw secrets, and the
  // snapshot is injected into the model, so it is redacted again here before anything is measured.
  const events = stored.map((e) => ({ ...e, data: redactText(e.data) }));
  const budget = options.budget ?? SNAPSHOT_BUDGET;
  const head =
    `<session_resume session="${esc(options.sessionId)}" compactions="${options.compactCount ?? 0}">\n` +
    ((options.compactCount ?? 0) > 0
      ? 'State before the context was compacted. The latest user message wins over anything here.\n'
      : 'State of earlier work in this project. The latest user message wins over anything here.\n');
  const foot = '</session_resume>';
  let used = bytes(head) + bytes(foot);
  if (used > budget) return '';
  const parts: string[] = [];
  for (const section of sections(events, options.leg)) {
    let placed = false;
    for (const itemMax of [300, 160, 90]) {
      for (let n = section.items.length; n >= 1 && !placed; n--) {
        const text = render(section, section.items.slice(0, n), itemMax, options.searchTool);
        if (used + bytes(text) <= budget) {
          parts.push(text);
          used += bytes(text);
          placed = true;
        }
      }
      if (placed) break;
    }
  }
  if (parts.length === 0) return '';
  return head + parts.join('') + foot;
}
