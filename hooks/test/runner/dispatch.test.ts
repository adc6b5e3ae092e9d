import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CanonicalEvent } from '@context-mode/shared/platforms/types';
import { allHosts } from '@context-mode/shared/platforms/host-table';
import { loadHandler } from '../../src/events/dispatch.js';

const EVENTS: CanonicalEvent[] = ['pre-tool', 'post-tool', 'prompt', 'pre-compact', 'session-start', 'stop'];

test('every canonical event has a handler', async () => {
  for (const e of EVENTS) assert.equal(typeof (await loadHandler(e)), 'function', e);
});

test('every event name in the host table maps to a canonical event the dispatcher handles', () => {
  for (const host of allHosts()) {
    for (const [name, canonical] of Object.entries(host.hookEvents.value)) {
      assert.ok(EVENTS.includes(canonical), `${host.id} ${name} → ${canonical}`);
    }
  }
});
