// Every host fact the real-host suite observed points at the test that shows it (shared/src/platforms/observations.ts);
// these checks keep the pointers true: each names a fact the host record has, the file exists, it holds a (not
// skipped) test of that exact name, and the suite still pins that version.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { allHosts, getHost } from '@context-mode/shared/platforms/host-table';
import { allObservations, observationOf, type Observation } from '@context-mode/shared/platforms/observations';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { PINNED_HOSTS } from '../../../test/hosts/install-host.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));

interface Fact {
  where: string;
  host: HostRecord;
  docs: string;
  value: unknown;
  observedIn?: Observation;
}

function facts(): Fact[] {
  const out: Fact[] = [];
  for (const host of allHosts())
    for (const [key, v] of Object.entries(host))
      if (v && typeof v === 'object' && 'docs' in v && 'value' in v)
        out.push({
          where: `${host.id}.${key}`,
          host,
          ...(v as Pick<Fact, 'docs' | 'value'>),
          observedIn: observationOf(host.id, key),
        });
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('every observation names a test file that holds a test of exactly that name', () => {
  const pointers = facts().filter((f) => f.observedIn);
  assert.ok(pointers.length >= 20, `only ${pointers.length} facts point at a real-host test`);
  for (const { where, observedIn: o } of pointers) {
    assert.match(o!.test, /^([\w.-]+\/)*test\/[\w./-]+\.(ts|cjs|mjs)$/, `${where}: ${o!.test} is not a test file`);
    const file = join(REPO, o!.test);
    assert.ok(existsSync(file), `${where}: ${o!.test} does not exist`);
    // A skipped test shows nothing, so `test.skip(` does not count; the name may sit on the next line.
    const call = new RegExp(`\\btest\\(\\s*(['"\`])${escape(o!.name)}\\1`);
    assert.match(readFileSync(file, 'utf8'), call, `${where}: no test named ${JSON.stringify(o!.name)} in ${o!.test}`);
  }
});

test('an observation is of the host version the suite pins, and agrees with the version the fact states', () => {
  for (const { where, host, value, observedIn: o } of facts()) {
    if (!o) continue;
    const pinned = PINNED_HOSTS.find((h) => h.id === host.id);
    if (o.test.startsWith('test/hosts/')) {
      assert.ok(pinned, `${where}: the real-host suite drives no ${host.id}`);
      assert.equal(o.version, pinned.version, `${where}: observed on ${o.version}, the suite now pins another`);
    }
    const stated = (value as { hostVersion?: unknown } | undefined)?.hostVersion;
    if (stated !== undefined) assert.equal(stated, o.version, `${where}: states ${String(stated)}`);
  }
});

test('a fact documented by a real-host test file says which test in it', () => {
  for (const f of facts()) {
    if (!f.docs.startsWith('test/')) continue;
    assert.ok(f.observedIn, `${f.where}: documented by ${f.docs} but names no test in it`);
    assert.equal(f.observedIn.test, f.docs, f.where);
  }
});

test('every observation is of a fact its host record states', () => {
  for (const { host, key } of allObservations()) {
    const fact = (getHost(host) as unknown as Record<string, unknown>)[key];
    assert.ok(fact && typeof fact === 'object' && 'value' in fact, `${host}.${key}: no such fact in the host table`);
  }
});
