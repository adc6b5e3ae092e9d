// The engine's answers to dashboard actions, as checked in under shared/test/protocol/golden/actions/ (written from a
// real `ctxmode action` run by the engine's tests; the JetBrains plugin's tests parse them too), through the
// extension's own engine-output parser: each is a list of messages with the fields the sidebar reads.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseEngineOutput } from '../../src/engine/engine-cli.js';

const DIR = fileURLToPath(new URL('../../../shared/test/protocol/golden/actions/', import.meta.url));

interface Message {
  type: string;
  state?: { project?: { id?: unknown }; stats?: { session?: unknown } };
  action?: unknown;
  message?: unknown;
  result?: { knowledge?: { hits?: unknown }; memory?: { events?: unknown } };
}

test('every action golden parses as the message list the sidebar forwards', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
  assert.ok(files.length >= 6, files.join(', '));
  for (const f of files) {
    const r = parseEngineOutput<Message[]>(readFileSync(`${DIR}${f}`, 'utf8'), '', 0);
    assert.ok(r.ok, `${f}: ${JSON.stringify(r)}`);
    assert.ok(Array.isArray(r.value) && r.value.length > 0, f);
    for (const m of r.value) {
      if (m.type === 'state') {
        assert.equal(typeof m.state?.project?.id, 'string', f);
        assert.ok(m.state?.stats && 'session' in m.state.stats, f);
      } else if (m.type === 'error') {
        assert.deepEqual([typeof m.action, typeof m.message], ['string', 'string'], f);
      } else if (m.type === 'searchResult') {
        assert.ok(Array.isArray(m.result?.knowledge?.hits) && Array.isArray(m.result?.memory?.events), f);
      } else assert.fail(`${f}: unknown message type ${m.type}`);
    }
  }
});
