// The server's environment is not handed to sandboxed code: tokens in it (the host's own API keys, GITHUB_TOKEN,
// AWS keys) printed from every language before. Tools still find their homes, proxies and PATH; a user passes a
// variable on purpose with CONTEXT_MODE_PASS_ENV; and a secret the code prints anyway is redacted in the answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { passesToSandbox } from '../../src/sandbox/sandbox-env.js';
import { startBuiltServer } from '../helpers/mcp-client.js';

const SECRETS = {
  FAKE_SECRET_TOKEN: 'fake-secret-value-3141592653',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY12',
  GITHUB_TOKEN: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
};

test('no server secret reaches code in any language; allowed and opted-in variables do', async (t) => {
  const server = await startBuiltServer({
    env: { ...SECRETS, MY_TOOL_HOME: '/opt/mytool', CONTEXT_MODE_PASS_ENV: 'MY_TOOL_HOME', GOPATH: '/opt/go' },
  });
  t.after(() => server.close());
  const programs = {
    shell: 'env',
    python: 'import os\nfor k, v in sorted(os.environ.items()): print(k + "=" + v)',
    javascript: 'for (const [k, v] of Object.entries(process.env)) console.log(`${k}=${v}`)',
  };
  for (const [language, code] of Object.entries(programs)) {
    const r = JSON.stringify(await server.client.callTool({ name: 'ctx_execute', arguments: { language, code } }));
    for (const [name, value] of Object.entries(SECRETS)) {
      assert.doesNotMatch(r, new RegExp(value), `${language} printed ${name}`);
      assert.doesNotMatch(r, new RegExp(`${name}=`), `${language} sees ${name}`);
    }
    assert.match(r, /MY_TOOL_HOME=\/opt\/mytool/, `${language}: an opted-in variable passes`);
    assert.match(r, /GOPATH=\/opt\/go/, `${language}: toolchain homes pass`);
    assert.match(r, /PATH=/, `${language}: PATH passes`);
  }
});

test('a secret the code prints itself is redacted in the answer', async (t) => {
  const server = await startBuiltServer();
  t.after(() => server.close());
  const r = JSON.stringify(
    await server.client.callTool({
      name: 'ctx_execute',
      arguments: { language: 'shell', code: `echo "token: ${SECRETS.GITHUB_TOKEN}"` },
    }),
  );
  assert.doesNotMatch(r, new RegExp(SECRETS.GITHUB_TOKEN));
  assert.match(r, /REDACTED/);
});

test('injection variables never pass, even when opted in; prefixes opt in families', () => {
  const base = { CONTEXT_MODE_PASS_ENV: 'NODE_OPTIONS, AWS_*,LD_PRELOAD' };
  assert.equal(passesToSandbox('NODE_OPTIONS', base), false);
  assert.equal(passesToSandbox('LD_PRELOAD', base), false);
  assert.equal(passesToSandbox('AWS_PROFILE', base), true);
  assert.equal(passesToSandbox('AWS_PROFILE', {}), false);
  assert.equal(passesToSandbox('LC_ALL', {}), true);
  assert.equal(passesToSandbox('HTTPS_PROXY', {}), true);
  assert.equal(passesToSandbox('OPENAI_API_KEY', {}), false);
});
