import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConversationView, Reply, Script } from './fake-model/types.js';

/** A marker line buried in large outputs: a digest must keep every error line. */
export const ERROR_MARKER = 'ERROR disk quota exceeded at step 1777';

/** ~116 KB log with one error line in the middle, for the large-read scenario. */
export function writeLargeFile(project: string): { path: string; bytes: number } {
  const lines: string[] = [];
  for (let i = 0; i < 2400; i++)
    lines.push(
      i === 1200
        ? ERROR_MARKER
        : `2026-12-03T10:00:${String(i % 60).padStart(2, '0')} INFO worker ${i} processed batch ok`,
    );
  const text = lines.join('\n') + '\n';
  const path = join(project, 'build.log');
  writeFileSync(path, text);
  return { path, bytes: Buffer.byteLength(text) };
}

/** A shell command printing ~120 KB with one error line; plain node so no routing rule names it. */
export const LARGE_OUTPUT_COMMAND = `node -e "for (let i = 0; i < 3000; i++) console.log(i === 1500 ? '${ERROR_MARKER}' : 'test case ' + i + ' passed in ' + (i % 97) + ' ms ....')"`;

/** A host's compaction request: asks for a summary, offering no tools or forbidding them (Claude Code 2.1.332). */
export function isSummaryRequest(view: ConversationView): boolean {
  return (
    /summar/i.test(view.lastUserText) && (view.tools.length === 0 || /do not call any tools/i.test(view.lastUserText))
  );
}

export interface Step {
  /** Scenario name, for the report. */
  scenario: string;
  name: string;
  input: Record<string, unknown>;
}

/** Plays the steps as tool calls, one per model turn, then ends the turn with text. */
export function stepScript(steps: Step[], opts: { isMain: (tools: string[]) => boolean }): Script {
  return (view): Reply => {
    if (isSummaryRequest(view)) {
      return { kind: 'text', text: '<summary>The user asked for a scripted scenario; all steps ran.</summary>' };
    }
    if (!opts.isMain(view.tools)) return { kind: 'text', text: 'ok' };
    const next = steps[view.toolCalls];
    if (next) return { kind: 'tool', name: next.name, input: next.input };
    return { kind: 'text', text: 'All scripted steps are done.' };
  };
}
