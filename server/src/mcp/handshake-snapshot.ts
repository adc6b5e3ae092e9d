import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataHome } from '@context-mode/shared/project/data-home';
import { sha256Hex } from '@context-mode/shared/project/sha256-hex';
import { settingName } from '@context-mode/shared/settings/settings';

/**
 * What the server answers before any tool runs, recorded from a real full server so a later start can
 * answer the handshake (initialize, tools/list, empty prompt/resource lists, ping) without loading the MCP
 * SDK, zod or any tool. The snapshot is keyed by the server bundle (path, size, mtime) and the CONTEXT_MODE_*
 * settings, so a rebuild, an upgrade or a changed setting simply misses and the full server answers (and
 * records a new one).
 *
 * Contract for tool authors: tools/list may depend only on the code and CONTEXT_MODE_* env vars (except the
 * per-project/session ones below), never on the project, the host or files, or the snapshot would be stale.
 */
export interface HandshakeSnapshot {
  v: 1;
  /** The initialize result minus protocolVersion (negotiated per client from `supportedVersions`). */
  initialize: Record<string, unknown>;
  supportedVersions: string[];
  latestVersion: string;
  /** The tools/list result, exactly as the full server served it. */
  toolsList: Record<string, unknown>;
}

const PER_RUN_ENV = new Set(
  (['projectDir', 'sessionId', 'home', 'parentCheckMs'] as const).map((key) => settingName(key)),
);

/** The snapshot file for this bundle and these settings; undefined when the bundle cannot be identified. */
export function snapshotPath(entryUrl: string, env: NodeJS.ProcessEnv): string | undefined {
  try {
    const file = fileURLToPath(entryUrl);
    const st = statSync(file);
    const settings = Object.keys(env)
      .filter((k) => k.startsWith('CONTEXT_MODE_') && !PER_RUN_ENV.has(k))
      .sort()
      .map((k) => `${k}=${env[k]}`);
    const key = sha256Hex([file, st.size, st.mtimeMs, process.version, ...settings].join('\n')).slice(0, 16);
    return join(dataHome(env), 'cache', `handshake-${key}.json`);
  } catch {
    return undefined;
  }
}

export function readSnapshot(path: string | undefined): HandshakeSnapshot | undefined {
  if (!path) return undefined;
  try {
    const snap = JSON.parse(readFileSync(path, 'utf8')) as HandshakeSnapshot;
    if (snap.v !== 1 || !Array.isArray((snap.toolsList as { tools?: unknown }).tools)) return undefined;
    return snap;
  } catch {
    return undefined;
  }
}

/** Atomic write (temp + rename); failures are ignored: the snapshot is only a start-up shortcut. */
export function writeSnapshot(path: string | undefined, snap: HandshakeSnapshot): void {
  if (!path) return;
  try {
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(snap));
    renameSync(tmp, path);
    pruneSnapshots(dirname(path));
  } catch {
    // Read-only data dir: every start takes the full path.
  }
}

/** Each build or settings change leaves a snapshot behind; keep the most recent few. */
function pruneSnapshots(dir: string, keep = 8): void {
  const files = readdirSync(dir)
    .filter((f) => /^handshake-[0-9a-f]+\.json$/.test(f))
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files.slice(keep)) {
    try {
      unlinkSync(join(dir, f));
    } catch {
      // Another server pruned it first.
    }
  }
}
