import { shapeOutput, shapeOutputAsync, type ShapedOutput } from '@context-mode/shared/budget/shape-output';
import { clipBytes, resultBudget } from '@context-mode/shared/budget/result-budget';
import { recordLedger } from '@context-mode/shared/ledger/record';
import { denyMessage, loadPermissions } from '@context-mode/shared/policy/permissions';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ServerContext } from './context.js';
import { describeBinary } from '../sandbox/binary-output.js';
import type { ExecuteResult } from '../sandbox/execute-code.js';
import { redactInSlices } from './redact-in-slices.js';
import type { Language } from '../sandbox/runtimes.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

/** The refusal for code that trips a deny rule (shell code, or shell strings inside other languages). */
export function deniedBy(ctx: ServerContext, language: Language | 'shell', code: string): string | undefined {
  return denyMessage(language, code, loadPermissions(ctx.projectRoot, ctx.env));
}

/** One line saying how the run ended, when that is not simply "exit 0". */
export function statusNote(r: ExecuteResult, timeoutMs: number): string {
  const note = baseNote(r, timeoutMs);
  if (!r.escaped) return note;
  const { killed, failed } = r.escaped;
  const parts = [
    killed ? `${killed} process(es) that had left its process group killed` : '',
    failed.length ? `could not kill escaped process(es) ${failed.join(', ')}` : '',
  ].filter(Boolean);
  return [note, ...parts].filter(Boolean).join('; ');
}

function baseNote(r: ExecuteResult, timeoutMs: number): string {
  if (r.spawnError) return `could not start: ${r.spawnError}`;
  if (r.compileFailed) return `compilation failed (exit ${r.exitCode})`;
  if (r.backgrounded) return `still running in the background after ${timeoutMs} ms; output so far shown`;
  if (r.capped) return `output passed the ${r.capBytes}-byte cap: the process was killed`;
  if (r.timedOut) return `timed out after ${timeoutMs} ms: the process group was killed; output so far shown`;
  if (r.signal) return `killed by ${r.signal}`;
  if (r.outputIncomplete)
    return `output may be incomplete: its pipes were still held open after exit (exit ${r.exitCode ?? '-'})`;
  return '';
}

/**
 * Turns a finished run into the tool answer: within the budget as printed; above it, indexed whole and
 * replaced by a digest. stderr is kept whenever the run failed (and shown when it succeeded too, budget
 * permitting). Records the ledger row.
 */
export async function sandboxAnswer(
  ctx: ServerContext,
  tool: string,
  label: string,
  r: ExecuteResult,
  timeoutMs: number,
  intent?: string,
): Promise<CallToolResult> {
  const note = statusNote(r, timeoutMs);
  // A secret the code printed (a token read from a file, an env var the user passed in) never reaches the model.
  // Binary streams are described instead (nothing of them was decoded).
  const bin = r.binary;
  r = {
    ...r,
    stdout: bin?.stdout ? describeBinary('stdout', bin.stdout) : await redactInSlices(r.stdout),
    stderr: bin?.stderr ? describeBinary('stderr', bin.stderr) : await redactInSlices(r.stderr),
  };
  const failed =
    r.exitCode !== 0 || r.timedOut || r.capped || !!r.compileFailed || !!r.spawnError || !!r.outputIncomplete;
  let shaped: ShapedOutput;
  try {
    shaped = await shapeOutputAsync({
      text: r.stdout || (r.stderr ? '' : '(no output)'),
      stderr: r.stderr,
      budget: resultBudget(ctx.env) - (note ? note.length + 4 : 0),
      ...(intent ? { intent } : {}),
      sourceLabel: label,
      kb: ctx.knowledge(),
      sessionId: ctx.sessionId,
      exitCode: r.backgrounded ? null : r.exitCode,
      kind: 'exec',
      searchTool: ctx.toolName('ctx_search'),
    });
  } catch (err) {
    // No knowledge base (unwritable data dir): still answer within the budget, and say why nothing was indexed.
    shaped = shapeOutput({
      text: r.stdout,
      stderr: r.stderr,
      budget: resultBudget(ctx.env) - 200,
      sourceLabel: label,
      exitCode: r.exitCode,
    });
    shaped.text += `\n(${errorMessage(err)})`;
  }
  // What the process wrote, not the description that stands for a binary stream.
  if (bin?.stdout || bin?.stderr)
    shaped.rawBytes =
      (bin.stdout?.bytes ?? Buffer.byteLength(r.stdout, 'utf8')) +
      (bin.stderr?.bytes ?? Buffer.byteLength(r.stderr, 'utf8'));
  // The last word on size: whatever the output looked like, the answer is within the budget.
  const text = clipBytes(note ? `[${note}]\n${shaped.text}` : shaped.text, resultBudget(ctx.env));
  recordLedger(ctx.projectRoot, {
    sessionId: ctx.sessionId,
    host: ctx.host()?.id ?? 'unknown',
    tool,
    kind: 'sandbox',
    rawBytes: shaped.rawBytes,
    returnedBytes: Buffer.byteLength(text, 'utf8'),
    ...(shaped.indexedSource ? { sourceId: shaped.indexedSource } : {}),
  });
  return { content: [{ type: 'text', text }], ...(failed && !r.backgrounded ? { isError: true } : {}) };
}
