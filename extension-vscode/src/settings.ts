/**
 * The extension's settings and what a change to each means: some only matter to the MCP server process (which
 * must restart to see them), others are read the next time they are needed.
 */
export const SECTION = 'context-mode';

export interface ExtensionSettings {
  nodePath: string;
  enginePath: string;
  autoSetup: 'ask' | 'always' | 'never';
  resultBudget: number;
  hosts: string[];
}

export type SettingKey = keyof ExtensionSettings;

/** Settings the running server or the located runtime depend on. */
const RESTART_KEYS: ReadonlySet<SettingKey> = new Set(['nodePath', 'enginePath', 'resultBudget']);

const ALL_KEYS: readonly SettingKey[] = ['nodePath', 'enginePath', 'autoSetup', 'resultBudget', 'hosts'];

export function needsRestart(key: SettingKey): boolean {
  return RESTART_KEYS.has(key);
}

/** The changed keys that need a server restart, given a predicate that says whether `context-mode.<key>` changed. */
export function restartKeys(changed: (fullKey: string) => boolean): SettingKey[] {
  return ALL_KEYS.filter((k) => needsRestart(k) && changed(`${SECTION}.${k}`));
}

/** Reads settings through a getter (VS Code's WorkspaceConfiguration.get in the extension, a map in tests). */
export function readSettings(get: <T>(key: string) => T | undefined): ExtensionSettings {
  const autoSetup = get<string>('autoSetup');
  const budget = Number(get<number>('resultBudget'));
  const hosts = get<unknown>('hosts');
  return {
    nodePath: String(get<string>('nodePath') ?? ''),
    enginePath: String(get<string>('enginePath') ?? ''),
    autoSetup: autoSetup === 'always' || autoSetup === 'never' ? autoSetup : 'ask',
    resultBudget: Number.isFinite(budget) && budget >= 512 ? Math.min(Math.floor(budget), 65536) : 4096,
    hosts:
      Array.isArray(hosts) && hosts.every((h) => typeof h === 'string') && hosts.length
        ? (hosts as string[])
        : ['vscode-copilot'],
  };
}
