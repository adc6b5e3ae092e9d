import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { denyMessage, evaluateShell } from '@context-mode/shared/policy/permissions';

/**
 * Spellings of `rm -rf` that ran although a deny rule named it (24 of 29 did), and look-alikes that must run.
 * Known limits, documented rather than tested as blocked (the rules are not a security boundary): `find -delete`
 * and other programs that delete by themselves, `$(echo rm) -rf`, `$CMD -rf`, aliases.
 */
const bypasses = [
  'rm -rf /tmp/x',
  'rm -fr /tmp/x',
  'rm -r -f /tmp/x',
  'rm -f -r /tmp/x',
  'rm -rfv /tmp/x',
  'rm --recursive -rf /tmp/x',
  // Long options and -R: the same option set however it is spelled, in any order.
  'rm --recursive --force /tmp/x',
  'rm --force --recursive /tmp/x',
  'rm --recursive -f /tmp/x',
  'rm -f --recursive /tmp/x',
  'rm --force -r /tmp/x',
  'rm -Rf /tmp/x',
  'rm -fR /tmp/x',
  'rm -R -f /tmp/x',
  'rm --force -R /tmp/x',
  'rm -r -f -v /tmp/x',
  'rm --rec --forc /tmp/x',
  'rm --force=1 --recursive /tmp/x',
  'rm /tmp/x --recursive --force',
  'rm -r /tmp/x -f',
  '/bin/rm --recursive --force /tmp/x',
  "sh -c 'rm --force --recursive /tmp/x'",
  'echo /tmp/x | xargs rm -Rf',
  '/bin/rm -rf /tmp/x',
  '/usr/bin/rm -rf /tmp/x',
  '\\rm -rf /tmp/x',
  '"rm" -rf /tmp/x',
  "r''m -rf /tmp/x",
  'env rm -rf /tmp/x',
  'env -i PATH=/bin rm -rf /tmp/x',
  'FOO=1 rm -rf /tmp/x',
  'FOO=1 BAR=2 /bin/rm -fr /tmp/x',
  'command rm -rf /tmp/x',
  'exec rm -rf /tmp/x',
  'nohup rm -rf /tmp/x',
  'sudo rm -rf /tmp/x',
  'time rm -rf /tmp/x',
  'nice -n 5 rm -rf /tmp/x',
  'timeout 5 rm -rf /tmp/x',
  'busybox rm -rf /tmp/x',
  "sh -c 'rm -rf /tmp/x'",
  'bash -c "rm -fr /tmp/x"',
  "bash -lc 'cd /tmp && rm -rf x'",
  "eval 'rm -rf /tmp/x'",
  'eval rm -rf /tmp/x',
  'echo /tmp/x | xargs rm -rf',
  'find /tmp/x -exec rm -rf {} ;',
  '(rm -rf /tmp/x)',
  '{ rm -rf /tmp/x; }',
  'true && (cd /tmp; rm -rf x)',
  'echo $(rm -rf /tmp/x)',
  'echo "$(rm -rf /tmp/x)"',
  'echo `rm -rf /tmp/x`',
  'cat <(rm -rf /tmp/x)',
  'if true; then rm -rf /tmp/x; fi',
  'for f in a b; do rm -rf /tmp/$f; done',
  "sh <<'EOF'\nrm -rf /tmp/x\nEOF",
  'python3 -c "import os; os.system(\'rm -rf /tmp/x\')"',
  "node -e \"require('child_process').execSync('rm -rf /tmp/x')\"",
];

const allowed = [
  'echo "rm -rf /tmp/x"',
  "grep -r 'rm -rf' .",
  'rm /tmp/x',
  'rm -r /tmp/x',
  'rm -R /tmp/x',
  'rm --recursive /tmp/x',
  'rm --force /tmp/x',
  'rm -f /tmp/x',
  'rm -- -rf',
  'rm --verbose /tmp/x',
  'ls -Rf /tmp/x',
  'rmdir /tmp/x',
  'npm run rm-rf',
  '# rm -rf /tmp/x',
  "git commit -m 'stop using rm -rf'",
];

describe('deny rules are matched after normalising the command (24 of 29 spellings ran)', () => {
  for (const rule of ['Bash(rm -rf:*)', 'Bash(rm -rf *)']) {
    for (const code of bypasses) {
      test(`${rule} blocks ${JSON.stringify(code)}`, () => {
        assert.equal(evaluateShell(code, { deny: [rule], ask: [], allow: [] }).verdict, 'deny');
      });
    }
    for (const code of allowed) {
      test(`${rule} lets ${JSON.stringify(code)} run`, () => {
        assert.equal(evaluateShell(code, { deny: [rule], ask: [], allow: [] }).verdict, 'none');
      });
    }
  }

  test('git push:* also catches options before the subcommand and wrappers', () => {
    const rules = { deny: ['Bash(git push:*)'], ask: [], allow: [] };
    for (const code of [
      'git push',
      'GIT_TRACE=1 git push origin',
      '/usr/bin/git push -f',
      "sh -c 'git push --force'",
    ]) {
      assert.equal(evaluateShell(code, rules).verdict, 'deny', code);
    }
    assert.equal(evaluateShell('git pushy', rules).verdict, 'none');
    assert.equal(evaluateShell('git status', rules).verdict, 'none');
  });

  test('a rule written with long options or -R meets every spelling of the same options', () => {
    const spellings = [
      'rm -rf /tmp/x',
      'rm -fr /tmp/x',
      'rm -r -f /tmp/x',
      'rm -Rf /tmp/x',
      'rm --recursive --force /tmp/x',
      'rm --force -R /tmp/x',
    ];
    for (const rule of [
      'Bash(rm --recursive --force *)',
      'Bash(rm --force --recursive:*)',
      'Bash(rm -Rf *)',
      'Bash(rm -f -R:*)',
    ]) {
      const rules = { deny: [rule], ask: [], allow: [] };
      for (const code of spellings) assert.equal(evaluateShell(code, rules).verdict, 'deny', `${rule} ${code}`);
      assert.equal(evaluateShell('rm -r /tmp/x', rules).verdict, 'none', `${rule} rm -r`);
      assert.equal(evaluateShell('rm --force /tmp/x', rules).verdict, 'none', `${rule} rm --force`);
    }
  });

  test('an exact rule (no :* or trailing *) still needs the same option set, however spelled', () => {
    const rules = { deny: ['Bash(rm -rf /tmp/x)'], ask: [], allow: [] };
    for (const code of ['rm --recursive --force /tmp/x', 'rm -R -f /tmp/x', 'rm -f -r -R /tmp/x'])
      assert.equal(evaluateShell(code, rules).verdict, 'deny', code);
    for (const code of ['rm -rfv /tmp/x', 'rm --recursive --force /tmp/y'])
      assert.equal(evaluateShell(code, rules).verdict, 'none', code);
  });

  test('other programs: options named by several spellings are one option; case still matters elsewhere', () => {
    const verdict = (rule: string, code: string) => evaluateShell(code, { deny: [rule], ask: [], allow: [] }).verdict;
    assert.equal(verdict('Bash(git push -f:*)', 'git push --force origin main'), 'deny');
    assert.equal(verdict('Bash(git push --force:*)', 'git push -f'), 'deny');
    assert.equal(verdict('Bash(git push --force:*)', 'git push --force-with-lease'), 'none');
    assert.equal(verdict('Bash(chmod -R 777:*)', 'chmod --recursive 777 /srv'), 'deny');
    assert.equal(verdict('Bash(cp -rf:*)', 'cp --recursive --force a b'), 'deny');
    assert.equal(verdict('Bash(ls -r:*)', 'ls -R'), 'none');
    // `--v` is ambiguous for rm (--verbose, --version) and stays as written.
    assert.equal(verdict('Bash(rm -v:*)', 'rm --v x'), 'none');
  });

  test('the refusal says the rules guard against accidents, not hostile code', () => {
    const msg = denyMessage('shell', 'FOO=1 rm -rf /tmp/x', { deny: ['Bash(rm -rf:*)'], ask: [], allow: [] });
    assert.match(msg ?? '', /matches Bash\(rm -rf:\*\)/);
    assert.match(msg ?? '', /guard against accidents; they are not a security boundary/);
    assert.match(
      denyMessage('python', "import os\nos.system('rm -fr /tmp/x')", {
        deny: ['Bash(rm -rf:*)'],
        ask: [],
        allow: [],
      }) ?? '',
      /blocked/,
    );
  });
});
