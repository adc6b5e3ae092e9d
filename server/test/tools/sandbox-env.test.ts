// The environment allow list holds for every installed language, warm spares and cold processes alike (the
// reliability suite covers shell, Python and JavaScript warm), and ctx_batch_execute answers are redacted too.
// Through a real MCP client.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startBuiltServer } from '../helpers/mcp-client.js';
import { availableLanguages, type Language } from '../../src/sandbox/runtimes.js';

const SECRETS = {
  FAKE_SECRET_TOKEN: 'fake-secret-value-1234',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY9',
  GITHUB_TOKEN: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
};
const PRINT_ENV: Partial<Record<Language, string>> = {
  javascript: 'for (const [k, v] of Object.entries(process.env)) console.log(`${k}=${v}`)',
  typescript: 'for (const [k, v] of Object.entries(process.env)) console.log(`${k}=${v}`)',
  python: 'import os\nfor k, v in os.environ.items(): print(f"{k}={v}")',
  shell: 'env',
  ruby: 'ENV.each { |k, v| puts "#{k}=#{v}" }',
  php: '<?php foreach (getenv() as $k => $v) echo "$k=$v\\n";',
  perl: 'print "$_=$ENV{$_}\\n" for keys %ENV;',
  go: 'package main\nimport ("fmt"; "os")\nfunc main() { for _, e := range os.Environ() { fmt.Println(e) } }',
};

const text = (r: unknown) => JSON.stringify(r);

for (const warm of ['1', '0']) {
  test(`no server secret reaches sandboxed code in any language (warm=${warm}); PATH, HOME and proxies do`, async (t) => {
    const server = await startBuiltServer({
      env: { ...SECRETS, HTTPS_PROXY: 'http://proxy.invalid:3128', CONTEXT_MODE_WARM: warm },
    });
    t.after(() => server.close());
    const langs = availableLanguages().filter((l) => PRINT_ENV[l] && (warm === '1' || l !== 'go'));
    assert.ok(langs.includes('javascript') && langs.includes('shell') && langs.includes('python'));
    for (const language of langs) {
      // Twice: the second call of a kind runs on a spare when warm.
      for (let i = 0; i < 2; i++) {
        const r = await server.client.callTool(
          { name: 'ctx_execute', arguments: { language, code: PRINT_ENV[language]!, timeout: 120_000 } },
          undefined,
          { timeout: 180_000 },
        );
        const out = text(r);
        assert.match(out, /PATH=/, `${language}: ${out.slice(0, 300)}`);
        assert.match(out, /HOME=/, language);
        assert.match(out, /HTTPS_PROXY=http:\/\/proxy.invalid:3128/, language);
        for (const [name, value] of Object.entries(SECRETS)) {
          assert.doesNotMatch(out, new RegExp(name), `${language} sees ${name}`);
          assert.ok(!out.includes(value), `${language} printed the value of ${name}`);
        }
        if (warm === '0') break;
      }
    }
  });
}

test('CONTEXT_MODE_PASS_ENV opts a variable in by name or PREFIX_*; a secret it carries is still redacted from the answer', async (t) => {
  const server = await startBuiltServer({
    env: {
      ...SECRETS,
      MY_TOOL_MODE: 'fast',
      ACME_REGION: 'eu',
      ACME_USER: 'bob',
      CONTEXT_MODE_PASS_ENV: 'GITHUB_TOKEN, MY_TOOL_MODE,ACME_*',
    },
  });
  t.after(() => server.close());
  const r = await server.client.callTool({
    name: 'ctx_execute',
    arguments: {
      language: 'shell',
      code: 'echo "mode=$MY_TOOL_MODE region=$ACME_REGION user=$ACME_USER aws=${AWS_SECRET_ACCESS_KEY:-none}"; echo "token: $GITHUB_TOKEN"; echo "len=${#GITHUB_TOKEN}"',
    },
  });
  const out = text(r);
  assert.match(out, /mode=fast region=eu user=bob aws=none/);
  assert.match(out, /len=40/, 'the opted-in token reached the code');
  assert.ok(!out.includes(SECRETS.GITHUB_TOKEN), 'but is not echoed into the answer');
  assert.match(out, /REDACTED/);
  const batch = await server.client.callTool({
    name: 'ctx_batch_execute',
    arguments: { commands: [{ label: 'tok', command: 'echo "token: $GITHUB_TOKEN"' }], queries: ['token'] },
  });
  assert.ok(!text(batch).includes(SECRETS.GITHUB_TOKEN), 'batch answers are redacted too');
});
