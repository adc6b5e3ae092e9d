import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { BIN } from '../helpers/mcp-client.js';
import { cliSandbox } from './kb-cli.js';

const sb = cliSandbox();
after(() => sb.cleanup());

function prompt(text: string): void {
  const payload = { session_id: 's-timeline', cwd: sb.project, hook_event_name: 'UserPromptSubmit', prompt: text };
  const r = spawnSync(process.execPath, [BIN, 'hook', 'claude-code', 'UserPromptSubmit'], {
    cwd: sb.project,
    env: { ...process.env, CONTEXT_MODE_HOME: sb.home, CONTEXT_MODE_PROJECT_DIR: sb.project },
    input: JSON.stringify(payload),
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
}

interface Timeline {
  schema: string;
  hits: { source: string; snippet: string }[];
}

test('search --timeline finds session memory before anything is indexed', () => {
  prompt('rename the tokenizer to lexer everywhere');
  const plain = JSON.parse(sb.run(['search', 'tokenizer', '--json']).stdout) as { empty: boolean };
  assert.equal(plain.empty, true);
  const r = sb.run(['search', 'tokenizer', '--timeline', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const doc = JSON.parse(r.stdout) as Timeline;
  assert.equal(doc.schema, 'context-mode.search-timeline/1');
  assert.deepEqual(
    doc.hits.map((h) => h.source),
    ['memory:user-prompt'],
  );
  assert.match(doc.hits[0]!.snippet, /rename the tokenizer/);
});

test('search --timeline puts the newer of a memory event and an indexed section first, in text too', () => {
  writeFileSync(join(sb.project, 'lexer.md'), '# Lexer\n\nThe tokenizer splits input into tokens.');
  assert.equal(sb.run(['index', 'lexer.md']).status, 0);
  const doc = JSON.parse(sb.run(['search', 'tokenizer', '--timeline', '--json']).stdout) as Timeline;
  assert.deepEqual(
    doc.hits.map((h) => h.source),
    ['file:lexer.md', 'memory:user-prompt'],
  );
  const text = sb.run(['search', 'tokenizer', '--timeline']);
  assert.equal(text.status, 0, text.stderr);
  assert.ok(text.stdout.indexOf('lexer.md') < text.stdout.indexOf('memory:user-prompt'), text.stdout);
});
