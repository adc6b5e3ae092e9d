import { resolve } from 'node:path';
import type { Command } from 'commander';
import { ALLOW_OUTSIDE_ENV, IndexPathError, indexPath } from '@context-mode/shared/knowledge/index-path';
import { describeIndexResult, type SearchHint } from '@context-mode/shared/knowledge/describe-index';
import type { IndexReport } from '@context-mode/shared/protocol/knowledge';
import { convertHtmlFile } from '../../fetch/convert-html.js';
import { fail, printJson, usageError } from '../cli-output.js';
import { PROJECT_OPTION_HELP, cliProjectRoot, openProjectKnowledge } from './kb-open.js';
import { readSetting } from '@context-mode/shared/settings/settings';
import { errorMessage } from '@context-mode/shared/errors/error-message';

interface IndexOptions {
  source?: string;
  project?: string;
  include?: string[];
  exclude?: string[];
  maxDepth?: string;
  maxFiles?: string;
  followSymlinks?: boolean;
  allowOutside?: boolean;
  json?: boolean;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

class UsageError extends Error {}

function positiveInt(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${name} must be a whole number, got "${raw}"`);
  return n;
}

/** `context-mode index <path>`: a file or a directory tree into the project knowledge base. */
export function registerIndexCommand(program: Command): void {
  program
    .command('index <path>')
    .description('index a file or directory into the project knowledge base (one source per file)')
    .option('--source <label>', 'label for a file, or label prefix for a directory')
    .option('--project <dir>', PROJECT_OPTION_HELP)
    .option('--include <glob>', 'only files matching this gitignore-style glob (repeatable)', collect)
    .option('--exclude <glob>', 'skip files matching this glob (repeatable)', collect)
    .option('--max-depth <n>', 'directory levels to descend (default 5)')
    .option('--max-files <n>', 'files to index at most (default 200)')
    .option('--follow-symlinks', 'follow symbolic links (never outside the indexed directory)')
    .option('--allow-outside', `allow a path outside the project root (or set ${ALLOW_OUTSIDE_ENV}=1)`)
    .option('--json', 'print the IndexReport JSON (schema context-mode.index/1)')
    .action(async (path: string, opts: IndexOptions) => {
      const root = cliProjectRoot(opts.project);
      let maxDepth: number | undefined;
      let maxFiles: number | undefined;
      try {
        maxDepth = positiveInt('--max-depth', opts.maxDepth);
        maxFiles = positiveInt('--max-files', opts.maxFiles);
      } catch (err) {
        return usageError(errorMessage(err));
      }
      let kb;
      try {
        kb = openProjectKnowledge(root, true);
      } catch (err) {
        return fail(errorMessage(err));
      }
      let bar: ProgressBar | undefined;
      try {
        const showBar = process.stderr.isTTY && !opts.json;
        const result = await indexPath(kb!, resolvePath(path), {
          projectRoot: root,
          allowOutside: Boolean(opts.allowOutside) || readSetting('allowOutside'),
          convertHtml: convertHtmlFile,
          ...(opts.source ? { source: opts.source } : {}),
          ...(opts.include ? { include: opts.include } : {}),
          ...(opts.exclude ? { exclude: opts.exclude } : {}),
          ...(maxDepth !== undefined ? { maxDepth } : {}),
          ...(maxFiles !== undefined ? { maxFiles } : {}),
          ...(opts.followSymlinks ? { followSymlinks: true } : {}),
          ...(showBar
            ? {
                onProgress: async (done: number, total: number) => {
                  if (!bar) {
                    const progress = await loadProgress();
                    bar = new progress.SingleBar(
                      { stream: process.stderr, clearOnComplete: true, hideCursor: true },
                      progress.Presets.shades_classic,
                    );
                    bar.start(total, 0);
                  }
                  bar.update(done);
                },
              }
            : {}),
        });
        bar?.stop();
        const skippedFile = result.kind === 'file' && result.files.length === 0 ? result.skipped[0] : undefined;
        if (skippedFile && opts.json)
          return fail(`not indexed: ${skippedFile.path}: ${skippedFile.reason}`, { code: 'refused' });
        if (opts.json) printJson({ schema: 'context-mode.index/1', ...result } satisfies IndexReport);
        else process.stdout.write(describeIndexResult(result, root, searchHint) + '\n');
        if (skippedFile) process.exitCode = 1;
      } catch (err) {
        bar?.stop();
        const msg = errorMessage(err);
        if (/outside the project root/.test(msg))
          fail(msg, { code: 'refused', hint: 'pass --allow-outside to index it anyway' });
        else fail(msg, { code: err instanceof IndexPathError ? 'refused' : 'failed' });
      } finally {
        kb?.close();
      }
    });
}

/** The CLI's next step; the label it names is also one `sources delete` accepts. */
const searchHint: SearchHint = (src) => `Search with ctxmode search "<query>"${src ? ` --source "${src}"` : ''}.`;

/** Paths on the command line are relative to where the user stands, not to the project root. */
function resolvePath(p: string): string {
  return resolve(process.cwd(), p);
}

interface ProgressBar {
  start(total: number, value: number): void;
  update(value: number): void;
  stop(): void;
}
interface CliProgress {
  SingleBar: new (options: Record<string, unknown>, preset: unknown) => ProgressBar;
  Presets: { shades_classic: unknown };
}

/** cli-progress ships no types; this is the small part used. Loaded only for a TTY. */
async function loadProgress(): Promise<CliProgress> {
  const name = 'cli-progress';
  const mod = (await import(name)) as { default?: CliProgress } & CliProgress;
  return mod.default ?? mod;
}
