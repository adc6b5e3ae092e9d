import { readSetting } from '../settings/settings.js';

/** Default byte budget of one tool result (docs/architecture.md#result-budget). */
/**
 * The result budget in UTF-8 bytes: `CONTEXT_MODE_RESULT_BUDGET` when it is a positive integer (floored at 512
 * so an answer can still say where the rest went), else 4,096.
 */
export function resultBudget(env: NodeJS.ProcessEnv = process.env): number {
  return readSetting('resultBudget', env);
}

/** Cuts `text` to at most `maxBytes` UTF-8 bytes without splitting a character; appends `marker` when cut. */
export function clipBytes(text: string, maxBytes: number, marker = '…'): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const room = Math.max(0, maxBytes - Buffer.byteLength(marker, 'utf8'));
  const buf = Buffer.from(text, 'utf8');
  let end = Math.min(room, buf.length);
  // Step back over UTF-8 continuation bytes so the cut lands on a character boundary.
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8') + marker;
}
