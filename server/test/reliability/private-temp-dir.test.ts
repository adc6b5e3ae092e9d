// Each call runs from its own temp dir, so a process that escaped an earlier call cannot read this call's
// script: the dir is mode 0700, the script is readable by its owner only, and both are gone when the call
// ends — also when it ended by the timeout kill. The code reports what it sees from inside; the test checks
// from outside afterwards. Real server over MCP, warm spares and cold starts.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { startBuiltServer } from '../helpers/mcp-client.js';
import { availableLanguages } from '../../src/sandbox/runtimes.js';

const linux = process.platform === 'linux';

/** Prints `DIR=<TMPDIR> MODE=<octal>` and one `SCRIPT=<name> <octal>` line per script file in it. */
const PROBES: Record<string, string> = {
  shell:
    'printf "DIR=%s MODE=%s\\n" "$TMPDIR" "$(stat -c %a "$TMPDIR")"\nfor f in "$TMPDIR"/script.*; do printf "SCRIPT=%s %s\\n" "${f##*/}" "$(stat -c %a "$f")"; done',
  python: [
    'import os, stat',
    "d = os.environ['TMPDIR']",
    "print('DIR=%s MODE=%o' % (d, stat.S_IMODE(os.stat(d).st_mode)))",
    'for n in sorted(os.listdir(d)):',
    "    if n.startswith('script.'): print('SCRIPT=%s %o' % (n, stat.S_IMODE(os.stat(os.path.join(d, n)).st_mode)))",
  ].join('\n'),
  javascript: [
    "const fs = await import('node:fs');",
    'const d = process.env.TMPDIR;',
    "console.log('DIR=' + d + ' MODE=' + (fs.statSync(d).mode & 0o777).toString(8));",
    "for (const n of fs.readdirSync(d).filter((n) => n.startsWith('script.'))) console.log('SCRIPT=' + n + ' ' + (fs.statSync(d + '/' + n).mode & 0o777).toString(8));",
  ].join('\n'),
};

async function removed(dir: string, withinMs = 5000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (!existsSync(dir)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !existsSync(dir);
}

function answerText(r: unknown): string {
  return ((r as { content?: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? '').join('');
}

test(
  'each call runs in its own 0700 temp dir with an owner-only script, removed when the call ends',
  { skip: !linux && 'uses stat -c' },
  async (t) => {
    for (const warm of ['1', '0']) {
      const server = await startBuiltServer({ env: { CONTEXT_MODE_WARM: warm } });
      t.after(() => server.close());
      const seen = new Set<string>();
      for (const [language, code] of Object.entries(PROBES)) {
        if (!availableLanguages().includes(language as never)) continue;
        const text = answerText(await server.client.callTool({ name: 'ctx_execute', arguments: { language, code } }));
        const where = `${language} (warm=${warm}): ${text.slice(0, 400)}`;
        const m = /DIR=(\S+) MODE=(\d+)/.exec(text);
        assert.ok(m, where);
        const dir = m[1]!;
        assert.ok(dir.startsWith(tmpdir()), `${where}: temp dir outside the system temp dir`);
        assert.equal(m[2], '700', `${where}: temp dir mode`);
        const scripts = [...text.matchAll(/SCRIPT=(\S+) (\d+)/g)];
        assert.ok(scripts.length > 0, `${where}: no script file in the call's dir`);
        for (const [, name, mode] of scripts)
          assert.equal(parseInt(mode!, 8) & 0o077, 0, `${where}: ${name} is mode ${mode}`);
        assert.ok(!seen.has(dir), `${where}: dir reused from an earlier call`);
        seen.add(dir);
        assert.ok(await removed(dir), `${where}: ${dir} still exists after the call`);
      }
      assert.ok(seen.size > 0, 'no language ran');
    }
  },
);

test(
  'the temp dir of a call killed at its timeout is removed too',
  { skip: !linux && 'needs a POSIX shell' },
  async (t) => {
    for (const warm of ['1', '0']) {
      const server = await startBuiltServer({ env: { CONTEXT_MODE_WARM: warm } });
      t.after(() => server.close());
      const text = answerText(
        await server.client.callTool({
          name: 'ctx_execute',
          arguments: { language: 'shell', code: 'echo "DIR=$TMPDIR"\nsleep 60', timeout: 1500 },
        }),
      );
      assert.match(text, /timed out/, text);
      const dir = /DIR=(\S+)/.exec(text)?.[1] ?? '';
      assert.ok(dir.startsWith(tmpdir()), `warm=${warm}: ${text.slice(0, 300)}`);
      assert.ok(await removed(dir), `warm=${warm}: ${dir} still exists after the timeout kill`);
    }
  },
);
