/**
 * Decides which engine CLI the extension runs: the `context-mode.enginePath` setting, else the managed install
 * under the data root (shared with the JetBrains plugin and terminal hosts), else the copy packed into the .vsix.
 * A bundled copy newer than the managed one (or no managed one) means the managed install should be refreshed
 * from the bundle. Pure apart from the injected probe.
 */
import { join } from 'node:path';
import { compareVersions } from '../../../shared/src/platforms/host-capabilities.js';

export interface EngineProbe {
  /** `<node> <cli> --version`, or undefined when it does not run. */
  version(cli: string): Promise<string | undefined>;
  exists(path: string): boolean;
}

export interface EngineLayout {
  setting: string;
  /** The data root (CONTEXT_MODE_HOME or ~/.context-mode). */
  dataHome: string;
  /** The npm package name of the engine (read from the bundled copy's package.json). */
  packageName: string;
  /** Path of the engine CLI inside the extension, if the .vsix carries one. */
  bundledCli: string | undefined;
}

type EngineSource = 'setting' | 'managed' | 'bundled';

export type LocatedEngine =
  | { ok: true; cli: string; version: string; source: EngineSource; refreshManaged: boolean; bundledVersion?: string }
  | { ok: false; message: string };

export function managedCliPath(dataHome: string, packageName: string): string {
  return join(dataHome, 'runtime', 'node_modules', ...packageName.split('/'), 'bin', 'context-mode.cjs');
}

export async function locateEngine(layout: EngineLayout, probe: EngineProbe): Promise<LocatedEngine> {
  if (layout.setting.trim()) {
    const cli = layout.setting.trim();
    const version = probe.exists(cli) ? await probe.version(cli) : undefined;
    if (!version)
      return {
        ok: false,
        message: `The setting context-mode.enginePath names ${cli}, which does not run as a context-mode CLI.`,
      };
    return { ok: true, cli, version, source: 'setting', refreshManaged: false };
  }
  const managed = managedCliPath(layout.dataHome, layout.packageName);
  const managedVersion = probe.exists(managed) ? await probe.version(managed) : undefined;
  const bundledVersion =
    layout.bundledCli && probe.exists(layout.bundledCli) ? await probe.version(layout.bundledCli) : undefined;

  if (managedVersion && (!bundledVersion || compareVersions(managedVersion, bundledVersion) >= 0)) {
    return { ok: true, cli: managed, version: managedVersion, source: 'managed', refreshManaged: false };
  }
  if (bundledVersion && layout.bundledCli) {
    return {
      ok: true,
      cli: layout.bundledCli,
      version: bundledVersion,
      source: 'bundled',
      refreshManaged: true,
      bundledVersion,
    };
  }
  if (managedVersion)
    return { ok: true, cli: managed, version: managedVersion, source: 'managed', refreshManaged: false };
  return {
    ok: false,
    message:
      'No context-mode engine was found: the managed install is missing and this extension carries no engine. Reinstall the extension or set context-mode.enginePath.',
  };
}
