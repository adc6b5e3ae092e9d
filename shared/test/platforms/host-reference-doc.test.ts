import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { allHosts } from '../../src/platforms/host-table.js';
import { withHostReference } from '../../src/platforms/render-host-reference.js';

const HOSTS_DOC = fileURLToPath(new URL('../../../docs/hosts.md', import.meta.url));

test('docs/hosts.md shows the host table as it is (regenerate: node --import tsx scripts/generate-configs.ts)', () => {
  const doc = readFileSync(HOSTS_DOC, 'utf8');
  assert.equal(doc, withHostReference(doc), 'docs/hosts.md per-host reference is stale');
  for (const host of allHosts())
    assert.ok(doc.includes(`### ${host.displayName} (\`${host.id}\`)`), `no section for ${host.id}`);
});

test('a host whose output replacement no real host has applied is said not to count as saved', () => {
  const doc = withHostReference(
    '<!-- host-reference:begin (generated from shared/src/platforms; do not edit) -->\n<!-- host-reference:end -->',
  );
  for (const host of allHosts()) {
    if (!host.capabilities.value.modifyOutput || !host.outputReplacement) continue;
    const section = doc.split(`(\`${host.id}\`)`)[1]!.split('\n### ')[0]!;
    assert.match(
      section,
      host.outputReplacementObserved ? /so the ledger counts it/ : /does not count it as saved/,
      host.id,
    );
  }
});
