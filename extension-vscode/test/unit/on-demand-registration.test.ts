import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onDemandPath } from '@context-mode/shared/project/live-servers';
import { serverServesProject } from '../../../hooks/src/state/server-liveness.js';
import { OnDemandRegistration, onDemandRegistrationPath } from '../../src/engine/on-demand-registration.js';

test("the registration is written where the engine's hooks look, and the hooks then treat the workspace as served", () => {
  const home = mkdtempSync(join(tmpdir(), 'cm-ondemand-'));
  const workspace = join(home, 'ws');
  mkdirSync(workspace);
  const env = { CONTEXT_MODE_HOME: home };
  try {
    assert.equal(onDemandRegistrationPath(home, 4242), onDemandPath(4242, env), 'one file name on both sides');
    const reg = new OnDemandRegistration(home, process.pid);
    assert.equal(serverServesProject(workspace, env), false);
    reg.set(workspace);
    assert.equal(serverServesProject(workspace, env), true);
    reg.set(undefined);
    assert.equal(existsSync(onDemandRegistrationPath(home, process.pid)), false, 'withdrawn when no engine is offered');
    assert.equal(serverServesProject(workspace, env), false);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a data home that cannot be written is reported, not thrown', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cm-ondemand-'));
  const notADir = join(dir, 'file');
  writeFileSync(notADir, '');
  const errors: string[] = [];
  try {
    const reg = new OnDemandRegistration(notADir, 1, (m) => errors.push(m));
    reg.set('/tmp');
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /on-demand registration not written/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
