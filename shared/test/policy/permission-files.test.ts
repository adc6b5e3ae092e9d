import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { hostPermissionFiles } from '@context-mode/shared/platforms/host-paths';
import { getHost } from '@context-mode/shared/platforms/host-table';
import { checkInsideProject } from '@context-mode/shared/policy/path-boundary';
import { denyMessage, loadPermissions } from '@context-mode/shared/policy/permissions';

const dir = mkdtempSync(join(tmpdir(), 'cm-perm-files-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the settings files come from the host table: local, shared, then user settings (CLAUDE_CONFIG_DIR moves the last)', () => {
  const claude = getHost('claude-code');
  assert.deepEqual(hostPermissionFiles(claude, { project: '/p', home: '/h', env: {}, platform: 'linux' }), [
    '/p/.claude/settings.local.json',
    '/p/.claude/settings.json',
    '/h/.claude/settings.json',
  ]);
  const moved = hostPermissionFiles(claude, {
    project: '/p',
    home: '/h',
    env: { CLAUDE_CONFIG_DIR: '/cfg' },
    platform: 'linux',
  });
  assert.equal(moved[2], '/cfg/settings.json');
  assert.deepEqual(hostPermissionFiles(getHost('zed'), { project: '/p', home: '/h', env: {} }), []);
});

test('a deny rule in a relocated user settings file is honoured, and the messages name the settings file', () => {
  const cfg = join(dir, 'cfg');
  mkdirSync(cfg, { recursive: true });
  writeFileSync(join(cfg, 'settings.json'), '{ "permissions": { "deny": ["Bash(sudo:*)"] } }');
  const rules = loadPermissions(join(dir, 'proj'), { HOME: join(dir, 'home'), CLAUDE_CONFIG_DIR: cfg });
  assert.deepEqual(rules.deny, ['Bash(sudo:*)']);
  assert.match(denyMessage('shell', 'sudo ls', rules) ?? '', /from \.claude\/settings\.json/);
  const refused = checkInsideProject('/etc/hosts', join(dir, 'proj'));
  assert.ok(!refused.ok && /permissions\.allow in \.claude\/settings\.json/.test(refused.reason));
});
