import { findHostByName } from '../platforms/host-table.js';
import type { CanonicalEvent, HookFileLayout, HostRecord } from '../platforms/types.js';
import { isOurCommand, renderCommand, type Launcher } from './hook-command.js';
import { stringsIn } from './jsonc-edit.js';

/** Our hook entries for one host: the host's event name → the entry for its layout. */
export interface HookEntries {
  layout: HookFileLayout;
  /** Top-level keys the layout needs besides `hooks` (e.g. `version: 1`). */
  header: Record<string, unknown>;
  events: Record<string, unknown>;
}

/**
 * The host whose event names and command id a host's hook file uses: itself, or the host named by `commandHost`
 * when one file serves several hosts (every Copilot surface shares the Copilot CLI file).
 */
export function hookFileHost(host: HostRecord): HostRecord {
  const name = host.hookSetup?.value.commandHost;
  return (name && findHostByName(name)) || host;
}

/** One event name per canonical event, the first the host table lists (hosts may accept two spellings). */
export function hookEventNames(host: HostRecord): string[] {
  const seen = new Set<CanonicalEvent>();
  const out: string[] = [];
  for (const [name, canonical] of Object.entries(host.hookEvents.value)) {
    if (seen.has(canonical)) continue;
    seen.add(canonical);
    out.push(name);
  }
  return out;
}

/** Our entries for a host's hooks file, or undefined when setup writes no hooks for it. */
export function hookEntriesFor(
  host: HostRecord,
  launcher: Launcher,
  platform: NodeJS.Platform,
): HookEntries | undefined {
  const setup = host.hookSetup?.value;
  if (!setup || setup.layout === 'opencode-plugin') return undefined;
  const fileHost = hookFileHost(host);
  const commandHost = setup.commandHost ?? host.id;
  const posix = platform === 'win32' ? 'windows-plain' : 'posix';
  const events: Record<string, unknown> = {};
  for (const event of hookEventNames(fileHost)) {
    const args = ['hook', commandHost, event.toLowerCase()];
    if (setup.layout === 'nested-matchers') {
      events[event] = { hooks: [{ type: 'command', command: renderCommand(launcher, args, posix) }] };
    } else if (setup.layout === 'toml-array') {
      events[event] = { event, command: renderCommand(launcher, args, posix) };
    } else if (setup.layout === 'copilot-cli') {
      events[event] = {
        type: 'command',
        bash: renderCommand(launcher, args, 'posix'),
        powershell: renderCommand(launcher, args, 'powershell'),
      };
    } else {
      events[event] = { command: renderCommand(launcher, args, posix) };
    }
  }
  const header = setup.layout === 'nested-matchers' ? {} : { version: 1 };
  return { layout: setup.layout, header, events };
}

/** True when an entry of a hooks array (any layout) runs our hook. */
export function isOurHookEntry(entry: unknown): boolean {
  return stringsIn(entry).some(isOurCommand);
}
