import { z } from 'zod';

/**
 * Lenient input schemas. Models often send `"[\"a\",\"b\"]"` or `"a"` where an array is expected, `"true"` for a
 * boolean and `"5"` for a number; rejecting those costs a round trip. Each helper accepts those spellings and
 * otherwise validates exactly like the strict schema. tools/list still advertises the strict type (zod shows a
 * preprocess by its target type), so the model is told the right shape.
 *
 * Usage in a tool's inputSchema:
 *   queries: lenientArray(z.string().min(1)).optional(),
 *   force: lenientBoolean().optional(),
 *   limit: lenientNumber(z.number().int().min(1).max(20)).default(3),
 */

/** A JSON-array string is parsed; any other non-empty string becomes a one-element array. "" still fails. */
export function liftToArray(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const s = value.trim();
  if (s.startsWith('[') && s.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(s);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Not JSON after all: treat it as one item.
    }
  }
  return value === '' ? value : [value];
}

/** Only "true" and "false" (any case, trimmed) become booleans; "yes", "1" and friends stay invalid. */
function liftToBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const s = value.trim().toLowerCase();
  if (s === 'true') return true;
  if (s === 'false') return false;
  return value;
}

/** A string holding one finite decimal number becomes that number. */
function liftToNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const s = value.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s)) return value;
  const n = Number(s);
  return Number.isFinite(n) ? n : value;
}

/** An array of `item`, also accepting a JSON-array string or a bare item (a string item, or any item as JSON). */
export function lenientArray<T extends z.ZodType>(item: T) {
  return z.preprocess(liftToArray, z.array(item));
}

/** A boolean also accepting "true"/"false". */
export function lenientBoolean() {
  return z.preprocess(liftToBoolean, z.boolean());
}

/** A number (default `z.number()`, pass a refined one for bounds) also accepting numeric strings. */
export function lenientNumber<T extends z.ZodType = z.ZodNumber>(schema?: T) {
  return z.preprocess(liftToNumber, (schema ?? z.number()) as T);
}
