/**
 * Finds the user's Node.js (≥ 20), the first choice to run the engine (a native SQLite driver built for it would
 * not load in the editor's runtime, another ABI). Whether it can actually open a store, and the fallback to the
 * editor's own runtime, is decided in engine-runtime.ts. Pure apart from the injected probe, so it is unit-tested.
 */
import { delimiter, join } from 'node:path';

const MIN_NODE_MAJOR = 20;

export interface NodeProbe {
  /** `node --version` of the executable at `path`, or undefined when it does not run. */
  version(path: string): Promise<string | undefined>;
  /** Whether `path` names an existing file. */
  exists(path: string): boolean;
  /** Directory names inside `dir` (for version-manager folders), empty when missing. */
  list(dir: string): string[];
}

export interface FindNodeInput {
  setting: string;
  pathEnv: string;
  home: string;
  platform: NodeJS.Platform;
  probe: NodeProbe;
}

export type FoundNode =
  | { ok: true; path: string; version: string; from: 'setting' | 'PATH' | 'well-known' }
  | { ok: false; message: string; tried: string[] };

export function nodeMajor(version: string): number {
  const m = /^v?(\d+)\./.exec(version.trim());
  return m ? Number(m[1]) : 0;
}

/** Folders where Node installers and version managers put `node`, newest version first within a manager. */
function wellKnownNodeDirs(home: string, platform: NodeJS.Platform, probe: NodeProbe): string[] {
  if (platform === 'win32') {
    return [
      join(process.env.ProgramFiles ?? 'C:\\Program Files', 'nodejs'),
      ...byNewest(probe.list(join(home, 'AppData', 'Roaming', 'nvm'))).map((v) =>
        join(home, 'AppData', 'Roaming', 'nvm', v),
      ),
      join(home, 'AppData', 'Local', 'Volta', 'bin'),
    ];
  }
  const nvm = join(home, '.nvm', 'versions', 'node');
  const fnm = join(home, '.local', 'share', 'fnm', 'node-versions');
  return [
    ...byNewest(probe.list(nvm)).map((v) => join(nvm, v, 'bin')),
    ...byNewest(probe.list(fnm)).map((v) => join(fnm, v, 'installation', 'bin')),
    join(home, '.volta', 'bin'),
    join(home, '.asdf', 'shims'),
    '/opt/homebrew/bin',
    '/usr/local/bin',
    '/usr/bin',
  ];
}

function byNewest(names: string[]): string[] {
  const key = (n: string) => (/^v?(\d+)\.(\d+)\.(\d+)/.exec(n) ?? []).slice(1).map(Number);
  return names
    .filter((n) => /^v?\d+\.\d+\.\d+/.test(n))
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
      return 0;
    });
}

export async function findNode(input: FindNodeInput): Promise<FoundNode> {
  const exe = input.platform === 'win32' ? 'node.exe' : 'node';
  const tried: string[] = [];
  const candidates: Array<{ path: string; from: 'setting' | 'PATH' | 'well-known' }> = [];
  if (input.setting.trim()) candidates.push({ path: input.setting.trim(), from: 'setting' });
  for (const dir of input.pathEnv.split(delimiter).filter(Boolean))
    candidates.push({ path: join(dir, exe), from: 'PATH' });
  for (const dir of wellKnownNodeDirs(input.home, input.platform, input.probe))
    candidates.push({ path: join(dir, exe), from: 'well-known' });

  const seen = new Set<string>();
  for (const c of candidates) {
    if (seen.has(c.path)) continue;
    seen.add(c.path);
    if (c.from !== 'setting' && !input.probe.exists(c.path)) continue;
    const version = await input.probe.version(c.path);
    tried.push(version ? `${c.path} (${version.trim()})` : `${c.path} (does not run)`);
    if (version && nodeMajor(version) >= MIN_NODE_MAJOR)
      return { ok: true, path: c.path, version: version.trim(), from: c.from };
    // A setting that names an unusable Node is a mistake to report, not to route around silently.
    if (c.from === 'setting') {
      return {
        ok: false,
        tried,
        message: version
          ? `The Node.js in the setting context-mode.nodePath is ${version.trim()}; context-mode needs ${MIN_NODE_MAJOR} or newer.`
          : `The setting context-mode.nodePath names ${c.path}, which does not run.`,
      };
    }
  }
  return {
    ok: false,
    tried,
    message: `context-mode needs Node.js ${MIN_NODE_MAJOR} or newer, and none was found on PATH or in the usual folders. Install it from https://nodejs.org (or set context-mode.nodePath).`,
  };
}
