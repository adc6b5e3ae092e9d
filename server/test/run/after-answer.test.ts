// Bookkeeping a tool call queues for after its answer (replacing the spare process it used) waits for the answer
// to be handed over, runs on the next turn of the event loop, and still runs where no answer is ever written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { afterAnswer, answerSent } from '../../src/run/after-answer.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

test('queued work waits for the answer, then runs on the next turn of the loop, in order', async () => {
  const ran: string[] = [];
  afterAnswer(() => ran.push('a'));
  afterAnswer(() => ran.push('b'));
  await Promise.resolve();
  assert.deepEqual(ran, [], 'nothing runs while the answer is being produced');
  answerSent();
  assert.deepEqual(ran, [], 'not inside the call that hands the answer over');
  await nextTurn();
  assert.deepEqual(ran, ['a', 'b']);
});

test('a task that throws does not keep the others from running', async () => {
  const ran: string[] = [];
  afterAnswer(() => {
    throw new Error('boom');
  });
  afterAnswer(() => ran.push('after'));
  answerSent();
  await nextTurn();
  assert.deepEqual(ran, ['after']);
});

test('without an answer (a sandbox run outside MCP) the work still runs, shortly after', async () => {
  let ran = false;
  afterAnswer(() => (ran = true));
  const deadline = Date.now() + 2_000;
  while (!ran && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  assert.ok(ran);
});
