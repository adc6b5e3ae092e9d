import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built bin (`npm run build` first): every whole-session test drives real hook processes through it. */
export const BIN = fileURLToPath(new URL('../../../server/bin/context-mode.cjs', import.meta.url));

export interface HookRun {
  status: number | null;
  stdout: string;
  json: unknown;
}

function parse(stdout: string): unknown {
  const t = stdout.trim();
  if (!t) return undefined;
  return JSON.parse(t);
}

/** Runs `context-mode hook <host> <event>` with `payload` as JSON on stdin. */
export function runHook(host: string, event: string, payload: unknown, env: NodeJS.ProcessEnv): HookRun {
  const r = spawnSync(process.execPath, [BIN, 'hook', host, event], {
    input: JSON.stringify(payload),
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, json: parse(r.stdout) };
}

/** The same, without blocking, for concurrent runs. */
export function runHookAsync(host: string, event: string, payload: unknown, env: NodeJS.ProcessEnv): Promise<HookRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'hook', host, event], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => {
      try {
        resolve({
          status,
          stdout: status === 0 ? out : `${out}\n[stderr] ${err}`,
          json: status === 0 ? parse(out) : undefined,
        });
      } catch (err) {
        reject(err);
      }
    });
    child.stdin.end(JSON.stringify(payload));
  });
}

/** Every string in a host answer that carries injected context, whatever the dialect's field names. */
export function injectedText(json: unknown): string {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      if (/<context_mode>|<session_resume/.test(v)) found.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(json);
  return found.join('\n');
}

/** The `<session_resume …>…</session_resume>` part of an injected text. */
export function snapshotPart(text: string): string {
  return /<session_resume[\s\S]*?<\/session_resume>/.exec(text)?.[0] ?? '';
}
