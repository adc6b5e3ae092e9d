import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allHosts, getHost } from '@context-mode/shared/platforms/host-table';
import { filePathOf, shellCommandOf, urlOf } from '../../src/core/tool-aliases.js';

test("routing reads every host's own argument spelling from the host table", () => {
  for (const host of allHosts()) {
    const args = host.tools?.value.args ?? {};
    for (const field of args.command ?? [])
      assert.equal(shellCommandOf({ [field]: 'ls -la' })?.value, 'ls -la', `${host.id}: ${field}`);
    for (const field of args.filePath ?? []) assert.equal(filePathOf({ [field]: '/a/b.log' }), '/a/b.log', host.id);
    for (const field of args.url ?? [])
      assert.equal(urlOf({ [field]: 'https://example.com/x' }), 'https://example.com/x', `${host.id}: ${field}`);
  }
});

test('a URL is picked out of free text and lists, and argv commands are joined', () => {
  assert.equal(urlOf({ prompt: 'Summarize https://example.com/a and https://b.org' }), 'https://example.com/a');
  assert.equal(urlOf({ prompt: 'Summarize the page for me' }), undefined);
  assert.equal(urlOf({ urls: ['https://example.com/docs'] }), 'https://example.com/docs');
  // Claude's WebFetch carries both: the URL field wins over the prompt.
  assert.equal(urlOf({ url: 'https://a.dev', prompt: 'read https://b.dev' }), 'https://a.dev');
  assert.deepEqual(shellCommandOf({ cmd: ['bash', '-lc', 'cat big.log'] }), { field: 'cmd', value: 'cat big.log' });
  assert.ok(getHost('codex').tools?.value.args.command?.includes('cmd'));
});

test('a spelling no host in the table uses is not read', () => {
  assert.equal(shellCommandOf({ commandLine: 'ls' }), undefined);
  assert.equal(filePathOf({ FilePath: '/x' }), undefined);
  assert.equal(urlOf({ URL: 'https://x.dev' }), undefined);
});
