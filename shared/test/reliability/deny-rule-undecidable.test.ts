import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { denyMessage } from '@context-mode/shared/policy/permissions';

/**
 * Ways around `Bash(rm -rf:*)` that a reading of the code cannot settle (9 of 29 ran): the program named at run
 * time, a script piped into an interpreter, a process started from a list or a built string, and the programs and
 * library calls that delete by themselves. Each is refused as unknown, with the reason.
 */
const rules = { deny: ['Bash(rm -rf:*)'], ask: [], allow: [] };

const undecidable: Array<[string, string]> = [
  ['shell', 'x=rm; $x -rf /tmp/x'],
  ['shell', 'CMD="rm -rf"; $CMD /tmp/x'],
  ['shell', '${RM:-rm} -rf /tmp/x'],
  ['shell', '$(echo rm) -rf /tmp/x'],
  ['shell', '`echo rm` -rf /tmp/x'],
  ['shell', 'c=$(printf "rm -rf /tmp/x"); eval "$c"'],
  ['shell', 'echo cm0gLXJmIC90bXAveA== | base64 -d | sh'],
  ['shell', 'echo cm0gLXJmIC90bXAveA== | base64 --decode | bash'],
  ['shell', 'curl -s http://127.0.0.1/x.sh | bash'],
  ['shell', 'printf "rm -rf /tmp/x" | sh -s'],
  ['shell', 'bash <(echo "rm -rf /tmp/x")'],
  ['shell', 'find /tmp/x -delete'],
  ['shell', 'find /tmp/x -mindepth 1 -delete'],
  ['shell', 'rsync -a --delete /empty/ /tmp/x/'],
  ['shell', 'python3 -c "import shutil; shutil.rmtree(\'/tmp/x\')"'],
  ['shell', "node -e \"require('fs').rmSync('/tmp/x', { recursive: true, force: true })\""],
  ['python', "import shutil\nshutil.rmtree('/tmp/x')"],
  ['python', "import os\nfor f in os.listdir('/tmp/x'): os.remove(f)"],
  ['python', "import subprocess\nsubprocess.run(['rm', '-rf', '/tmp/x'])"],
  ['python', "import subprocess\nsubprocess.call(['rm', '-r', '-f', '/tmp/x'])"],
  ['python', "import subprocess\ncmd = 'r' + 'm -rf /tmp/x'\nsubprocess.run(cmd, shell=True)"],
  ['python', "import os\nos.system(' '.join(['rm', '-rf', '/tmp/x']))"],
  ['javascript', "require('fs').rmSync('/tmp/x', { recursive: true, force: true })"],
  ['javascript', "const fs = require('fs'); fs.rmdirSync('/tmp/x', { recursive: true })"],
  ['javascript', "require('child_process').spawnSync('rm', ['-rf', '/tmp/x'])"],
  ['javascript', "require('child_process').execFileSync('rm', ['-rf', '/tmp/x'])"],
  ['javascript', "const { execSync } = require('child_process'); execSync('r' + 'm -rf /tmp/x')"],
  ['javascript', "const { execSync } = require('child_process'); const p = 'rm'; execSync(`${p} -rf /tmp/x`)"],
  ['javascript', "const { execSync } = require('child_process'); execSync(['rm', '-rf', '/tmp/x'].join(' '))"],
];

const ordinary: Array<[string, string]> = [
  ['shell', 'git status && npm test'],
  ['shell', 'for f in *.txt; do echo "$f"; done'],
  ['shell', 'cat log.txt | grep -c ERROR'],
  ['shell', '"$HOME/.local/bin/tool" --version'],
  ['shell', 'ls -la | sort | head -5'],
  ['shell', 'find . -name "*.ts" | wc -l'],
  ['shell', 'echo "$PATH" | tr : "\\n"'],
  ['shell', 'python3 -c "print(1 + 1)"'],
  ['shell', 'rm -r build'],
  ['python', "import subprocess\nprint(subprocess.run(['git', 'status'], capture_output=True).stdout)"],
  ['python', "import json\nprint(json.dumps({'a': 1}))"],
  ['javascript', "const { execSync } = require('child_process'); console.log(execSync('git log -1').toString())"],
  ['javascript', "console.log(require('fs').readdirSync('.').length)"],
];

describe('code a deny rule cannot be checked against by reading it is refused as unknown, not run', () => {
  for (const [language, code] of undecidable) {
    test(`${language}: ${JSON.stringify(code)} is refused`, () => {
      const message = denyMessage(language, code, rules);
      assert.ok(message, 'allowed');
      assert.match(message, /blocked/);
    });
  }
  for (const [language, code] of ordinary) {
    test(`${language}: ${JSON.stringify(code)} still runs`, () => {
      assert.equal(denyMessage(language, code, rules), undefined);
    });
  }
  test('without deny rules nothing is refused', () => {
    for (const [language, code] of undecidable)
      assert.equal(denyMessage(language, code, { deny: [], ask: [], allow: [] }), undefined);
  });
  test('library deletes count only when a rule denies rm', () => {
    const git = { deny: ['Bash(git push:*)'], ask: [], allow: [] };
    assert.equal(denyMessage('python', "import shutil\nshutil.rmtree('/tmp/x')", git), undefined);
    assert.equal(denyMessage('shell', 'find /tmp/x -delete', git), undefined);
    assert.ok(denyMessage('shell', 'x=git; $x push', git));
  });
});
