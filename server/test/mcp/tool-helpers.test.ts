import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { lenientArray, lenientBoolean, lenientNumber, liftToArray } from '../../src/mcp/coerce.js';
import { progressReporter } from '../../src/mcp/progress.js';
import { clipBytes, resultBudget } from '@context-mode/shared/budget/result-budget';
import { resultBytes, toolError, toolText } from '../../src/mcp/tool-result.js';
import { portableInputSchema, sanitiseSchema } from '../../src/mcp/tools-list.js';

test('lenient arrays accept arrays, JSON-array strings and bare strings; "" still fails', () => {
  const s = lenientArray(z.string());
  assert.deepEqual(s.parse(['a', 'b']), ['a', 'b']);
  assert.deepEqual(s.parse('["a","b"]'), ['a', 'b']);
  assert.deepEqual(s.parse('a'), ['a']);
  assert.deepEqual(s.parse('[not json'), ['[not json']);
  assert.equal(s.safeParse('').success, false);
  assert.equal(s.safeParse(5).success, false);
  assert.deepEqual(liftToArray(7), 7);
});

test('lenient booleans take only "true"/"false"; lenient numbers take numeric strings only', () => {
  const b = lenientBoolean();
  assert.equal(b.parse('true'), true);
  assert.equal(b.parse(' FALSE '), false);
  assert.equal(b.parse(true), true);
  assert.equal(b.safeParse('yes').success, false);
  assert.equal(b.safeParse('1').success, false);
  const n = lenientNumber(z.number().int().min(1).max(8));
  assert.equal(n.parse('3'), 3);
  assert.equal(n.parse(4), 4);
  assert.equal(n.safeParse('9').success, false);
  assert.equal(n.safeParse('3px').success, false);
  assert.equal(n.safeParse('').success, false);
  assert.equal(lenientNumber().parse('-1.5e2'), -150);
});

test('tools/list shows lenient fields by their strict type, without const/additionalProperties/$schema', () => {
  const schema = z.strictObject({
    queries: lenientArray(z.string()).optional().describe('q'),
    force: lenientBoolean().optional(),
    limit: lenientNumber(z.number().int().max(8)).default(3),
    mode: z.literal('x'),
    nested: z.strictObject({ a: z.string() }).optional(),
  });
  const json = portableInputSchema(schema) as {
    properties: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  assert.deepEqual(json.properties.queries, { description: 'q', type: 'array', items: { type: 'string' } });
  assert.equal(json.properties.force!.type, 'boolean');
  assert.equal(json.properties.limit!.type, 'integer');
  assert.deepEqual(json.properties.mode, { type: 'string', enum: ['x'] });
  assert.deepEqual(json.required, ['mode']);
  const text = JSON.stringify(json);
  for (const banned of ['"const"', '"additionalProperties"', '"$schema"']) assert.ok(!text.includes(banned), banned);
  assert.deepEqual(sanitiseSchema({ anyOf: [{ const: 1 }, { additionalProperties: false, type: 'object' }] }), {
    anyOf: [{ enum: [1] }, { type: 'object' }],
  });
});

test('result helpers build text and isError results and measure them in UTF-8 bytes', () => {
  assert.deepEqual(toolText('hi'), { content: [{ type: 'text', text: 'hi' }] });
  const err = toolError('bad thing.', 'Do this next.');
  assert.equal(err.isError, true);
  assert.equal(err.content[0]!.type === 'text' && err.content[0]!.text, 'bad thing.\nDo this next.');
  assert.equal(resultBytes(toolText('é')), 2);
});

test('the result budget defaults to 4,096 bytes and clipping never splits a character', () => {
  assert.equal(resultBudget({}), 4096);
  assert.equal(resultBudget({ CONTEXT_MODE_RESULT_BUDGET: '8192' }), 8192);
  assert.equal(resultBudget({ CONTEXT_MODE_RESULT_BUDGET: 'lots' }), 4096);
  assert.equal(resultBudget({ CONTEXT_MODE_RESULT_BUDGET: '10' }), 512);
  const clipped = clipBytes('ééééé', 6, '…');
  assert.ok(Buffer.byteLength(clipped) <= 6);
  assert.ok(!clipped.includes('\uFFFD'));
  assert.equal(clipBytes('short', 100), 'short');
});

test('progress goes out only with a progressToken, only growing, and never fails the call (fake transport)', async () => {
  const sent: unknown[] = [];
  const extra = { _meta: { progressToken: 'tok' }, sendNotification: async (n: unknown) => void sent.push(n) };
  const progress = progressReporter(extra as never);
  await progress(1, 3, 'one');
  await progress(1, 3, 'again');
  await progress(2, 3);
  assert.deepEqual(sent, [
    { method: 'notifications/progress', params: { progressToken: 'tok', progress: 1, total: 3, message: 'one' } },
    { method: 'notifications/progress', params: { progressToken: 'tok', progress: 2, total: 3 } },
  ]);
  const silent: unknown[] = [];
  await progressReporter({ sendNotification: async (n: unknown) => void silent.push(n) } as never)(1);
  assert.deepEqual(silent, []);
  const failing = progressReporter({
    _meta: { progressToken: 1 },
    sendNotification: async () => Promise.reject(new Error('gone')),
  } as never);
  await failing(1);
});
