// A real project with a recorded history for dashboard tests and benchmarks: ledger rows over three days and
// two sessions (savings, own cost, an unconfirmed redirect estimate), session memory and indexed sources, all
// written through the engine's own stores into a temp data home.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeLedgerHandles, recordLedger } from '@context-mode/shared/ledger/record';
import { openMemoryStore } from '@context-mode/shared/memory/open-memory-store';
import { ensureProject } from '@context-mode/shared/project/project-identity';
import { openKnowledgeBase } from '@context-mode/shared/knowledge/open-knowledge-base';

export interface SeededProject {
  root: string;
  project: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

const DAY = 86_400_000;

export function seedProject(opts: { events?: number; sources?: number } = {}): SeededProject {
  const root = mkdtempSync(join(tmpdir(), 'cm-dash-'));
  const project = join(root, 'widgets');
  mkdirSync(project);
  execFileSync('git', ['init', '-q', project]);
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: join(root, 'home'), CONTEXT_MODE_HOME: join(root, 'data') };
  const now = Date.now();
  const rows = [
    {
      sessionId: 'sess-aaaa1111',
      host: 'claude-code',
      tool: 'ctx_execute',
      kind: 'sandbox',
      rawBytes: 60_000,
      returnedBytes: 2_000,
      time: now - 2 * DAY,
    },
    {
      sessionId: 'sess-aaaa1111',
      host: 'claude-code',
      tool: 'tools/list',
      kind: 'own-cost',
      rawBytes: 0,
      returnedBytes: 6_000,
      time: now - 2 * DAY,
    },
    {
      sessionId: 'sess-aaaa1111',
      host: 'claude-code',
      tool: 'ctx_fetch_and_index',
      kind: 'fetch',
      rawBytes: 40_000,
      returnedBytes: 1_500,
      time: now - DAY,
    },
    {
      sessionId: 'sess-bbbb2222',
      host: 'vscode-copilot',
      tool: 'ctx_execute',
      kind: 'sandbox',
      rawBytes: 120_000,
      returnedBytes: 3_000,
      time: now - 60_000,
    },
    {
      sessionId: 'sess-bbbb2222',
      host: 'vscode-copilot',
      tool: 'routing-block',
      kind: 'own-cost',
      rawBytes: 0,
      returnedBytes: 1_200,
      time: now - 60_000,
    },
    {
      sessionId: 'sess-bbbb2222',
      host: 'vscode-copilot',
      tool: 'Bash',
      kind: 'hook-redirect',
      rawBytes: 50_000,
      returnedBytes: 0,
      time: now - 30_000,
    },
  ] as const;
  for (const r of rows) recordLedger(project, { ...r }, env);
  closeLedgerHandles();

  const store = openMemoryStore(project, env);
  try {
    store.addEvents(
      'sess-aaaa1111',
      [
        { category: 'user-prompt', type: 'prompt', priority: 4, data: 'Make the widget factory retry three times' },
        {
          category: 'decision',
          type: 'decision',
          priority: 4,
          data: 'Retries use exponential backoff starting at 200 ms',
        },
        { category: 'file', type: 'edit', priority: 2, data: 'src/factory.ts', key: 'src/factory.ts' },
      ],
      { host: 'claude-code', now: now - DAY },
    );
    store.addEvents(
      'sess-bbbb2222',
      [
        {
          category: 'error',
          type: 'test-failure',
          priority: 3,
          data: 'FAIL factory.test.ts: expected 3 retries, got 2',
        },
        { category: 'user-prompt', type: 'prompt', priority: 4, data: 'Fix the failing retry test' },
      ],
      { host: 'vscode-copilot', now: now - 50_000 },
    );
    const extra = opts.events ?? 0;
    for (let i = 0; i < extra; i += 500) {
      const batch = Array.from({ length: Math.min(500, extra - i) }, (_, j) => ({
        category: (['file', 'git', 'task', 'error', 'decision'] as const)[(i + j) % 5]!,
        type: 'bulk',
        priority: 1 as const,
        data: `bulk event ${i + j} touching src/module-${(i + j) % 97}.ts`,
        key: `bulk-${i + j}`,
      }));
      // One session per 500 events keeps them under the per-session cap, as many real sessions would be.
      store.addEvents(`sess-bulk-${i / 500}`, batch, { host: 'claude-code', now: now - 10 * DAY + i });
    }
  } finally {
    store.close();
  }

  const kb = openKnowledgeBase({ path: ensureProject(project, env).knowledgeDb });
  try {
    kb.index({
      source: 'file:docs/retries.md',
      kind: 'file',
      format: 'markdown',
      content:
        '# Retries\n\nThe widget factory retries three times with exponential backoff.\n\n## Limits\n\nNever more than five attempts.\n',
    });
    kb.index({
      source: 'fetch:https://example.test/api',
      kind: 'fetch',
      format: 'markdown',
      content: '# API\n\nGET /widgets lists widgets.\n',
    });
    for (let i = 0; i < (opts.sources ?? 0); i++)
      kb.index({ source: `exec:shell:bulk-${i}`, kind: 'exec', format: 'text', content: `output ${i}\n`.repeat(20) });
  } finally {
    kb.close();
  }
  return { root, project, env, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
