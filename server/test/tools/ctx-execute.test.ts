import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { availableLanguages } from '../../src/sandbox/runtimes.js';
import { startBuiltServer, type BuiltServer } from '../helpers/mcp-client.js';

let s: BuiltServer;
before(async () => {
  s = await startBuiltServer();
});
after(async () => {
  await s?.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const r = (await s.client.callTool({ name, arguments: args })) as {
    content: Array<{ type: string; text: string }>;
    isError?: boolean;
  };
  return { text: r.content.map((c) => c.text).join(''), isError: r.isError === true };
}

const HELLO: Record<string, string> = {
  javascript:
    'const fs = require("node:fs"); await Promise.resolve(); console.log("hi from js", typeof fs.readFileSync)',
  typescript: 'const n: number = 41; console.log(`hi from ts ${n + 1}`)',
  python: 'import sys\nprint("hi from python", sys.version_info[0])',
  shell: 'echo "hi from shell"',
  perl: 'print "hi from perl\\n";',
  ruby: 'puts "hi from ruby"',
  php: 'echo "hi from php\\n";',
  go: 'fmt.Println("hi from go")',
  rust: 'println!("hi from rust");',
  r: 'cat("hi from r\\n")',
  elixir: 'IO.puts("hi from elixir")',
  csharp: 'Console.WriteLine("hi from csharp");',
};

describe('ctx_execute runs each language for real', () => {
  const here = new Set(availableLanguages());
  for (const [language, code] of Object.entries(HELLO)) {
    test(
      language,
      { skip: here.has(language as never) ? false : `runtime ${language} not installed here` },
      async () => {
        const r = await call('ctx_execute', { language, code, timeout: 120_000 });
        assert.equal(r.isError, false, r.text);
        assert.match(
          r.text,
          new RegExp(
            `hi from ${language === 'typescript' ? 'ts 42' : language === 'javascript' ? 'js function' : language}`,
          ),
        );
      },
    );
  }
});

test('a missing runtime is a clear error naming what to install', async () => {
  const here = new Set(availableLanguages());
  const missing = ['elixir', 'csharp', 'r', 'php', 'ruby', 'go'].find((l) => !here.has(l as never));
  if (!missing) return;
  const r = await call('ctx_execute', { language: missing, code: 'x' });
  assert.equal(r.isError, true);
  assert.match(r.text, new RegExp(`runtime ${missing} not found — install`));
});

test('a non-zero exit returns stdout and stderr, marked as an error', async () => {
  const r = await call('ctx_execute', { language: 'shell', code: 'echo partial; echo "boom: it broke" >&2; exit 3' });
  assert.equal(r.isError, true);
  assert.match(r.text, /partial/);
  assert.match(r.text, /boom: it broke/);
  assert.match(r.text, /exit code 3/);
});

test('a timeout kills the whole process group, grandchildren included', async () => {
  const marker = `cm-orphan-${process.pid}-${Date.now()}`;
  const r = await call('ctx_execute', {
    language: 'shell',
    code: `sleep 300 & (sleep 301; echo ${marker}) & echo started; sleep 30`,
    timeout: 3000,
  });
  assert.match(r.text, /timed out after 3000 ms/);
  assert.match(r.text, /started/);
  await new Promise((res) => setTimeout(res, 300));
  const left = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    });
  assert.deepEqual(left, []);
});

test('cat of a 60 KB JSON file returns at most 4,096 bytes and its middle is searchable afterwards', async () => {
  const file = fileURLToPath(new URL('../../../test/fixtures/captured/github-issues.json', import.meta.url));
  const r = await call('ctx_execute', { language: 'shell', code: `cat '${file}'` });
  assert.ok(Buffer.byteLength(r.text) <= 4096, `${Buffer.byteLength(r.text)} bytes`);
  const source = /ctx_search\(source: "([^"]+)"/.exec(r.text)?.[1];
  assert.ok(source, r.text.slice(-300));
  const title = (JSON.parse(readFileSync(file, 'utf8')) as Array<{ title: string }>)[10]!.title;
  const found = await call('ctx_search', { queries: [title], source });
  assert.match(
    found.text,
    new RegExp(
      title
        .split(' ')
        .slice(0, 3)
        .join(' ')
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    ),
  );
});

test('runaway output is killed at the cap with a clear note', async () => {
  const capped = await startBuiltServer({ env: { CONTEXT_MODE_OUTPUT_CAP_BYTES: '200000' } });
  try {
    const r = (await capped.client.callTool({
      name: 'ctx_execute',
      arguments: { language: 'shell', code: 'yes "flood flood flood"' },
    })) as {
      content: Array<{ text: string }>;
    };
    assert.match(r.content[0]!.text, /output passed the 200000-byte cap: the process was killed/);
  } finally {
    await capped.close();
  }
});

test('background returns what was printed so far and leaves the process running', async () => {
  const r = await call('ctx_execute', {
    language: 'shell',
    code: 'echo warming up; sleep 8; echo done',
    timeout: 3000,
    background: true,
  });
  assert.equal(r.isError, false);
  assert.match(r.text, /still running in the background/);
  assert.match(r.text, /warming up/);
});

test('JavaScript calls start from a pre-started process yet each runs alone, in the project, with its own error', async () => {
  const first = await call('ctx_execute', {
    language: 'javascript',
    code: 'globalThis.leak = 42; console.log("cwd", process.cwd())',
  });
  assert.match(first.text, new RegExp(`cwd ${s.project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  const second = await call('ctx_execute', {
    language: 'javascript',
    code: 'console.log("leak", typeof globalThis.leak, process.env.TMPDIR?.includes("cm-sbx-"))',
  });
  assert.match(second.text, /leak undefined true/);
  const failing = await call('ctx_execute', {
    language: 'javascript',
    code: 'console.log("one");\nthrow new Error("kaput in user code")',
  });
  assert.equal(failing.isError, true);
  assert.match(failing.text, /kaput in user code/);
  assert.match(failing.text, /script\.mjs:4:7/, 'the line of the cold run, pointing at the script');
  const stdin = await call('ctx_execute', {
    language: 'javascript',
    code: 'let n = 0; for await (const c of process.stdin) n += c.length; console.log("stdin", n)',
  });
  assert.match(stdin.text, /stdin 0/);
  // 3 s, not less: on a loaded machine a shorter timeout can fire before the first line is printed.
  const slow = await call('ctx_execute', {
    language: 'javascript',
    code: 'console.log("before"); await new Promise(r => setTimeout(r, 30000))',
    timeout: 3000,
  });
  assert.match(slow.text, /timed out after 3000 ms/);
  assert.match(slow.text, /before/);
  writeFileSync(join(s.project, 'warm.txt'), 'one\ntwo\n');
  const file = await call('ctx_execute_file', {
    path: 'warm.txt',
    language: 'javascript',
    code: 'console.log("lines", FILE_CONTENT.trim().split("\\n").length)',
  });
  assert.match(file.text, /lines 2/);
});

test('shell calls are as fresh as a new bash: own variables, $0, stdin at EOF, exit status, cwd', async () => {
  await call('ctx_execute', { language: 'shell', code: 'LEFT_OVER=1; export ALSO=2; cd /' });
  await new Promise((r) => setTimeout(r, 200)); // the next call takes the spare started in the pause
  const r = await call('ctx_execute', {
    language: 'shell',
    code: 'echo "vars:${LEFT_OVER:-none}:${ALSO:-none}:$(set | grep -c "^__cm_")"; echo "zero:${0##*/}"; echo "cwd:$PWD"; cat; echo "stdin:eof"; exit 4',
  });
  assert.equal(r.isError, true);
  assert.match(r.text, /vars:none:none:0/);
  assert.match(r.text, /zero:script\.sh/);
  assert.match(r.text, new RegExp(`cwd:${realpathSync(s.project)}`));
  assert.match(r.text, /stdin:eof/);
  assert.match(r.text, /exit code 4/);
  const py = await call('ctx_execute', {
    language: 'python',
    code: 'import os, sys\nprint("py", os.getcwd() == os.path.realpath(os.environ["PWD"]), sys.stdin.read() == "")',
  });
  assert.match(py.text, /py True True/);
});

test('spare processes are started after start-up and none outlives the server', async () => {
  // Sandboxed processes see only allowed variables; this one is passed on purpose so the spares can be found.
  const mark = `spare-${process.pid}-${Date.now()}`;
  const own = await startBuiltServer({ env: { CM_TEST_MARK: mark, CONTEXT_MODE_PASS_ENV: 'CM_TEST_MARK' } });
  const mine = () =>
    readdirSync('/proc').filter((pid) => {
      if (!/^\d+$/.test(pid)) return false;
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return (
          readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`CM_TEST_MARK=${mark}\0`) &&
          /--input-type=module|__cm_mode/.test(cmd)
        );
      } catch {
        return false;
      }
    });
  try {
    let spares: string[] = [];
    for (let i = 0; i < 50 && spares.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      spares = mine();
    }
    assert.equal(spares.length, 2, 'a JavaScript spare and a shell launcher');
    const r = await own.client.callTool({
      name: 'ctx_execute',
      arguments: { language: 'javascript', code: 'console.log("first call", 6 * 7)' },
    });
    assert.match(JSON.stringify(r), /first call 42/);
  } finally {
    await own.close();
  }
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(mine(), []);
});

test(
  'Python calls behave as a fresh interpreter: __main__, argv, own globals, script-only traceback, exit code',
  { skip: !availableLanguages().includes('python') && 'python not installed here' },
  async () => {
    await call('ctx_execute', { language: 'python', code: 'left_over = 1' });
    await new Promise((r) => setTimeout(r, 400));
    const r = await call('ctx_execute', {
      language: 'python',
      code: 'import sys, os\nprint(__name__, os.path.basename(sys.argv[0]), "left_over" in globals(), repr(sys.stdin.read()))\ndef f():\n    raise ValueError("boom in user code")\nf()',
    });
    assert.equal(r.isError, true);
    assert.match(r.text, /__main__ script\.py False ''/);
    assert.match(r.text, /script\.py", line 4, in f/);
    assert.match(r.text, /ValueError: boom in user code/);
    assert.doesNotMatch(r.text, /runpy|<string>/);
    const exit = await call('ctx_execute', { language: 'python', code: 'import sys\nprint("bye")\nsys.exit(3)' });
    assert.match(exit.text, /exit code 3/);
  },
);

test('UTF-8 split across pipe chunks arrives intact', async () => {
  const r = await call('ctx_execute', {
    language: 'javascript',
    code: 'const b = Buffer.from("héllo wörld 世界 🎉\\n"); for (const byte of b) { process.stdout.write(Buffer.from([byte])); await new Promise(r => setTimeout(r, 1)); }',
  });
  assert.match(r.text, /héllo wörld 世界 🎉/);
});

test('ctx_execute_file exposes FILE_CONTENT and refuses files outside the project', async () => {
  mkdirSync(join(s.project, 'data'), { recursive: true });
  writeFileSync(join(s.project, 'data/notes.txt'), 'alpha\nbeta\ngamma\n');
  const ok = await call('ctx_execute_file', {
    path: 'data/notes.txt',
    language: 'python',
    code: 'print(len(FILE_CONTENT.splitlines()), FILE_CONTENT_PATH.endswith("notes.txt"))',
  });
  assert.match(ok.text, /3 True/);
  const sh = await call('ctx_execute_file', {
    path: 'data/notes.txt',
    language: 'shell',
    code: 'echo "$FILE_CONTENT" | grep -c a',
  });
  assert.match(sh.text, /3/);
  const out = await call('ctx_execute_file', {
    path: '/etc/hostname',
    language: 'shell',
    code: 'echo "$FILE_CONTENT"',
  });
  assert.equal(out.isError, true);
  assert.match(out.text, /outside the project.*permissions\.allow/s);
});

test('deny rules from the project settings refuse a command, in shell and inside Python', async () => {
  mkdirSync(join(s.project, '.claude'), { recursive: true });
  writeFileSync(
    join(s.project, '.claude/settings.json'),
    '// comments are fine\n{ "permissions": { "deny": ["Bash(rm -rf:*)", "Bash(git push:*)"] } }',
  );
  const sh = await call('ctx_execute', { language: 'shell', code: 'echo ok && rm -rf /tmp/nothing-here' });
  assert.equal(sh.isError, true);
  assert.match(sh.text, /blocked by a deny rule.*Bash\(rm -rf:\*\)/);
  assert.match(sh.text, /not a security boundary/);
  const py = await call('ctx_execute', { language: 'python', code: 'import os\nos.system("git push origin main")' });
  assert.equal(py.isError, true);
  assert.match(py.text, /Bash\(git push:\*\)/);
  const fine = await call('ctx_execute', { language: 'shell', code: 'echo allowed' });
  assert.equal(fine.isError, false);
});

test('ctx_batch_execute runs commands in order, indexes them, and answers the queries', async () => {
  const r = await call('ctx_batch_execute', {
    commands: [
      { label: 'greeting', command: 'echo "the answer is forty-two"' },
      { label: 'failing', command: 'echo "disk quota exceeded" >&2; exit 4' },
      'printf "line\\n%.0s" $(seq 1 50)',
    ],
    queries: ['disk quota', 'answer forty-two'],
    concurrency: 2,
  });
  assert.equal(r.isError, false, r.text);
  const order = ['greeting', 'failing', 'cmd_3'].map((l) => r.text.indexOf(`- ${l}:`));
  assert.ok(
    order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]!)),
    r.text,
  );
  assert.match(r.text, /- failing: exit 4/);
  assert.match(r.text, /- cmd_3: exit 0, 50 lines/);
  assert.match(r.text, /disk quota exceeded/);
  assert.match(r.text, /forty-two/);
  assert.ok(Buffer.byteLength(r.text) <= 4096);
});
