// The warm JavaScript spare must look like a fresh `node script` to the code it runs: the same code is run on
// a spare and with CONTEXT_MODE_WARM=0, and the answers compared.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startBuiltServer, type BuiltServer } from '../helpers/mcp-client.js';
import { availableLanguages } from '../../src/sandbox/runtimes.js';

async function answer(server: BuiltServer, language: string, code: string): Promise<string> {
  const r = (await server.client.callTool({ name: 'ctx_execute', arguments: { language, code } })) as {
    content: Array<{ text: string }>;
  };
  return r.content.map((c) => c.text).join('');
}

async function warmAndCold(language: string, code: string): Promise<{ warm: string; cold: string }> {
  const warmServer = await startBuiltServer();
  const coldServer = await startBuiltServer({ env: { CONTEXT_MODE_WARM: '0' } });
  try {
    await answer(warmServer, language, 'console.log(1)');
    await new Promise((r) => setTimeout(r, 1500)); // the replacement spare boots
    return { warm: await answer(warmServer, language, code), cold: await answer(coldServer, language, code) };
  } finally {
    await warmServer.close();
    await coldServer.close();
  }
}

test('process.execArgv holds no boot flags, so a child spawned with it runs its own script (warm = cold)', async () => {
  const code = [
    'const { execFileSync } = await import("node:child_process");',
    'console.log("execArgv", JSON.stringify(process.execArgv));',
    'console.log(execFileSync(process.execPath, [...process.execArgv, "-p", "\'child-ran\'"], { encoding: "utf8" }).trim());',
  ].join('\n');
  const { warm, cold } = await warmAndCold('javascript', code);
  assert.match(cold, /execArgv \[\]/);
  assert.match(cold, /child-ran/);
  assert.equal(warm, cold);
});

test('a top-level await that never settles exits 13, output kept (warm = cold)', async () => {
  const { warm, cold } = await warmAndCold('javascript', 'console.log("before");\nawait new Promise(() => {});');
  assert.match(cold, /before/);
  assert.match(cold, /exit code 13/);
  assert.equal(warm, cold);
});

test('a top-level throw is reported with exit code 1 (warm = cold)', async () => {
  const { warm, cold } = await warmAndCold(
    'javascript',
    'console.log("x");\nawait Promise.resolve();\nthrow new Error("boom-top")',
  );
  assert.match(cold, /boom-top/);
  assert.match(cold, /exit code 1/);
  const norm = (s: string) => s.replace(/\n\s+at .*/g, '').replace(/cm-sbx-\w+/g, 'cm-sbx-X');
  assert.equal(norm(warm), norm(cold));
});

test(
  'Python: a sys.excepthook the script installs is honoured, and KeyboardInterrupt dies by SIGINT (warm = cold)',
  { skip: !availableLanguages().includes('python') && 'python not installed here' },
  async () => {
    const code =
      'import sys\nsys.excepthook = lambda t, v, tb: print("custom hook", t.__name__, v)\nraise ValueError("bad")';
    const hook = await warmAndCold('python', code);
    assert.match(hook.cold, /custom hook ValueError bad/);
    assert.equal(hook.warm, hook.cold);
    const interrupt = await warmAndCold('python', 'print("a", flush=True)\nraise KeyboardInterrupt');
    assert.match(interrupt.cold, /SIGINT/);
    const norm = (s: string) => s.replace(/cm-sbx-\w+/g, 'cm-sbx-X');
    assert.equal(norm(interrupt.warm), norm(interrupt.cold));
  },
);

/** Each code runs once on a warm spare and once cold; answers normalised for the temp dir and stack frames. */
async function warmAndColdEach(language: string, codes: string[]): Promise<Array<{ warm: string; cold: string }>> {
  const warmServer = await startBuiltServer();
  const coldServer = await startBuiltServer({ env: { CONTEXT_MODE_WARM: '0' } });
  const norm = (s: string) => s.replace(/\n\s+at .*/g, '').replace(/cm-sbx-\w+/g, 'cm-sbx-X');
  try {
    await answer(warmServer, language, language === 'shell' ? 'true' : 'console.log(1)');
    const out: Array<{ warm: string; cold: string }> = [];
    for (const code of codes) {
      await new Promise((r) => setTimeout(r, 1500)); // the replacement spare boots
      out.push({
        warm: norm(await answer(warmServer, language, code)),
        cold: norm(await answer(coldServer, language, code)),
      });
    }
    return out;
  } finally {
    await warmServer.close();
    await coldServer.close();
  }
}

test("the code's own unhandledRejection handler does not swallow its top-level throw, script or module (warm = cold)", async () => {
  const body =
    'process.on("unhandledRejection", () => console.log("swallowed"));\nconsole.log("x");\nthrow new Error("boom-handled");';
  const [script, module, plain] = await warmAndColdEach('javascript', [
    body,
    `import "node:fs";\n${body}`,
    'console.log("x");\nthrow "plain-value";',
  ]);
  for (const { warm, cold } of [script!, module!]) {
    assert.match(cold, /boom-handled/);
    assert.match(cold, /exit code 1/);
    assert.doesNotMatch(cold, /swallowed/);
    assert.equal(warm, cold);
  }
  // A thrown non-error: the value itself is reported (the source line Node shows above it is its own, not the code's).
  for (const out of [plain!.warm, plain!.cold]) {
    assert.match(out, /\nplain-value\n\(Use `node --trace-uncaught/);
    assert.match(out, /exit code 1/);
  }
});

test("an 'exit' listener added late still prints and sets the exit code (warm = cold)", async () => {
  const code = [
    'console.log("main");',
    'process.on("beforeExit", () => {',
    '  process.on("exit", () => { console.log("late listener"); console.error("late err"); process.exitCode = 3; });',
    '});',
  ].join('\n');
  const { warm, cold } = (await warmAndColdEach('javascript', [code]))[0]!;
  assert.match(cold, /late listener/);
  assert.match(cold, /late err/);
  assert.match(cold, /exit code 3/);
  assert.equal(warm, cold);
});

test('shell: top-level return, RETURN trap, FUNCNAME, caller, $-, BASH_EXECUTION_STRING and OLDPWD as in `bash script` (warm = cold)', async () => {
  const probe = [
    'echo "flags=[$-] exec=[${BASH_EXECUTION_STRING-unset}]"',
    'f() { echo "funcname=[${FUNCNAME[*]}] caller=[$(caller 0)]"; }',
    'f',
    'echo "top caller=[$(caller)]"',
    "trap 'echo RETURN-trap' RETURN",
    'return 3',
    'echo after-return',
  ].join('\n');
  const oldpwd = 'echo "oldpwd=[${OLDPWD-unset}]"\ndeclare -p OLDPWD';
  const [a, b] = await warmAndColdEach('shell', [probe, oldpwd]);
  assert.match(a!.cold, /flags=\[hB\] exec=\[unset\]/);
  assert.match(a!.cold, /funcname=\[f main\]/);
  assert.match(a!.cold, /after-return/);
  assert.doesNotMatch(a!.cold, /RETURN-trap/);
  assert.equal(a!.warm, a!.cold);
  assert.match(b!.cold, /oldpwd=\[unset\]/);
  assert.equal(b!.warm, b!.cold);
});

test('top-level return, `arguments` and `new.target` fail as in a module; a nested return runs; stack frames name the file (warm = cold)', async () => {
  const [topReturn, args, nested, newTarget, frame] = await warmAndColdEach('javascript', [
    'console.log("a");\nconst v = await Promise.resolve(1);\nif (v) return;\nconsole.log("b");',
    'console.log(arguments.length);',
    'const twice = (x) => { return x * 2; };\nconsole.log("r", twice(await Promise.resolve(21)));',
    'console.log(new.target);',
    'console.log("frame", new Error().stack.split("\\n")[1].trim());',
  ]);
  assert.match(newTarget!.cold, /SyntaxError: new.target expression is not allowed here/);
  assert.match(frame!.cold, /frame at file:\/\/\/.*cm-sbx-X\/script\.mjs:3:\d+/);
  for (const run of [newTarget!, frame!]) assert.equal(run.warm, run.cold);
  assert.match(topReturn!.cold, /SyntaxError: Illegal return statement/);
  assert.doesNotMatch(topReturn!.cold, /^a$/m);
  assert.match(args!.cold, /ReferenceError: arguments is not defined/);
  assert.match(nested!.cold, /r 42/);
  for (const run of [topReturn!, args!, nested!]) assert.equal(run.warm, run.cold);
});
