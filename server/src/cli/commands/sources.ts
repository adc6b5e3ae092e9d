import type { Command } from 'commander';
import { formatBytes } from '@context-mode/shared/budget/format-bytes';
import { isPrefixLabel } from '@context-mode/shared/knowledge/describe-index';
import type { SourceDeleteReport, SourcesReport } from '@context-mode/shared/protocol/knowledge';
import { fail, printJson } from '../cli-output.js';
import { PROJECT_OPTION_HELP, cliProjectRoot, openProjectKnowledge } from './kb-open.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/** The exact label when it exists; else, for a label ending in `/` or `:`, every source starting with it. */
function deleteByLabel(kb: NonNullable<ReturnType<typeof openProjectKnowledge>>, label: string): string[] {
  if (kb.deleteSource(label)) return [label];
  if (!isPrefixLabel(label)) return [];
  return kb
    .listSources()
    .map((s) => s.source)
    .filter((s) => s.startsWith(label) && kb.deleteSource(s));
}

/** `context-mode sources` lists what the knowledge base holds; `sources delete <label>` removes one source. */
export function registerSourcesCommand(program: Command): void {
  const sources = program
    .command('sources')
    .description(
      'list the sources in the project knowledge base (sizes, chunks, age); `sources delete <label>` removes one',
    )
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option('--json', 'print the SourcesReport JSON (schema context-mode.sources/1)')
    .action((opts: { project?: string; json?: boolean }) => {
      const root = cliProjectRoot(opts.project);
      let kb;
      try {
        kb = openProjectKnowledge(root, false);
      } catch (err) {
        return fail(errorMessage(err));
      }
      const list = kb?.listSources() ?? [];
      const stats = kb?.stats() ?? { sources: 0, chunks: 0, bytes: 0 };
      kb?.close();
      if (opts.json) {
        const report: SourcesReport = {
          schema: 'context-mode.sources/1',
          project: root,
          sources: list,
          chunks: stats.chunks,
          bytes: stats.bytes,
        };
        printJson(report);
        return;
      }
      if (list.length === 0) {
        process.stdout.write(`No sources indexed for ${root}.\n`);
        return;
      }
      const rows = list.map((s) => [
        s.source,
        s.kind,
        String(s.chunks),
        formatBytes(s.bytes),
        s.indexedAt.slice(0, 16).replace('T', ' '),
      ]);
      const head = ['SOURCE', 'KIND', 'CHUNKS', 'SIZE', 'INDEXED (UTC)'];
      const widths = head.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((r) => r[i]!.length))));
      const line = (r: string[]) =>
        r
          .map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
          .join('  ')
          .trimEnd();
      process.stdout.write(
        [
          line(head),
          ...rows.map(line),
          `${stats.sources} source(s), ${stats.chunks} chunk(s), ${formatBytes(stats.bytes)}`,
        ].join('\n') + '\n',
      );
    });
  sources
    .command('delete <label>')
    .description(
      'remove a source (exact label) and its chunks, or every source under a label ending in / or : (what index prints for a directory)',
    )
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option('--json', 'print the SourceDeleteReport JSON (an unknown label is an error)')
    .action((label: string, opts: { project?: string; json?: boolean }) => {
      const root = cliProjectRoot(opts.project ?? (sources.opts() as { project?: string }).project);
      let kb;
      try {
        kb = openProjectKnowledge(root, false);
      } catch (err) {
        return fail(errorMessage(err));
      }
      let removed: string[];
      try {
        removed = kb ? deleteByLabel(kb, label) : [];
      } finally {
        kb?.close();
      }
      if (removed.length === 0)
        return fail(`no source labelled "${label}"`, { code: 'not-found', hint: 'ctxmode sources lists them' });
      const json = opts.json || (sources.opts() as { json?: boolean }).json;
      if (json)
        printJson({
          schema: 'context-mode.source-delete/1',
          source: label,
          deleted: true,
          removed,
        } satisfies SourceDeleteReport);
      else
        process.stdout.write(
          removed.length === 1
            ? `Deleted source "${removed[0]}".\n`
            : `Deleted ${removed.length} sources under "${label}".\n`,
        );
    });
}
