/**
 * Every `CONTEXT_MODE_*` variable a user can set, parsed in one place. Each entry says its variable, what it does
 * and how a value is read; anything out of range or unparsable falls back to the default, so a typo never
 * breaks a hook or the server. Callers pass the environment they were given (tests inject their own) and read
 * the one field they need: `readSettings(env).resultBudget`.
 *
 * Internal markers the engine sets for its own children (the sandbox call marker, the hook rerun flag) are not
 * settings and stay with the code that sets them.
 */
type Env = NodeJS.ProcessEnv;

interface Setting<T> {
  /** The environment variable. */
  readonly name: `CONTEXT_MODE_${string}`;
  /** One line saying what the setting does, for readers of this table (the README documents each setting for users). */
  readonly doc: string;
  readonly parse: (raw: string | undefined) => T;
}

function text(raw: string | undefined): string | undefined {
  const v = raw?.trim();
  return v ? v : undefined;
}

/** `1`, `true` or `yes` (any case) turn a switch on; anything else leaves it off. */
function flag(raw: string | undefined): boolean {
  const v = raw?.trim().toLowerCase();
  return v === '1' || v === 'true' || v === 'yes';
}

/** A whole number in [min, max] (a fraction is floored), else `fallback`. */
function intIn<F extends number | undefined>(min: number, max: number, fallback: F) {
  return (raw: string | undefined): number | F => {
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Math.floor(Number(raw));
    return Number.isFinite(n) && n >= min && n <= max ? n : fallback;
  };
}

function oneOf<const V extends string>(values: readonly V[]) {
  return (raw: string | undefined): V | undefined => values.find((v) => v === raw?.trim());
}

function nameList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const DEFAULT_RESULT_BUDGET = 4096;
/** A result budget below this could not even say where the rest of the output went. */
const MIN_RESULT_BUDGET = 512;
export const DEFAULT_SEARCH_BUDGET = 1650;
const DEFAULT_OUTPUT_CAP_BYTES = 16 * 1024 * 1024;
const DEFAULT_PARENT_CHECK_MS = 10_000;
export const DEFAULT_HOOK_STDIN_IDLE_MS = 1500;
const DEFAULT_MEMORY_MAX_EVENTS = 1_000;
export const DEFAULT_RETENTION_DAYS = 7;
const DEFAULT_EXTERNAL_MCP_NUDGE_EVERY = 10;
const MAX_INT = Number.MAX_SAFE_INTEGER;

export const SETTINGS = {
  home: { name: 'CONTEXT_MODE_HOME', doc: 'data folder (default ~/.context-mode)', parse: text },
  projectDir: {
    name: 'CONTEXT_MODE_PROJECT_DIR',
    doc: 'project root, when the host does not say',
    parse: text,
  },
  platform: {
    name: 'CONTEXT_MODE_PLATFORM',
    doc: 'host id or alias, when detection is wrong',
    parse: text,
  },
  sessionId: {
    name: 'CONTEXT_MODE_SESSION_ID',
    doc: 'session id, when the host passes none',
    parse: text,
  },
  hostVersion: {
    name: 'CONTEXT_MODE_HOST_VERSION',
    doc: 'host version, turns on version-gated output shapes',
    parse: text,
  },
  codexVersion: {
    name: 'CONTEXT_MODE_CODEX_VERSION',
    doc: 'Codex CLI version (older name of CONTEXT_MODE_HOST_VERSION, Codex only)',
    parse: text,
  },
  resultBudget: {
    name: 'CONTEXT_MODE_RESULT_BUDGET',
    doc: `bytes of one tool result (default ${DEFAULT_RESULT_BUDGET}, at least ${MIN_RESULT_BUDGET})`,
    parse: (raw) => {
      const n = intIn(1, MAX_INT, undefined)(raw);
      return n === undefined ? DEFAULT_RESULT_BUDGET : Math.max(MIN_RESULT_BUDGET, n);
    },
  },
  searchBudget: {
    name: 'CONTEXT_MODE_SEARCH_BUDGET',
    doc: `bytes of a limit-3 search answer (default ${DEFAULT_SEARCH_BUDGET}, at least 256)`,
    parse: intIn(256, MAX_INT, DEFAULT_SEARCH_BUDGET),
  },
  outputCapBytes: {
    name: 'CONTEXT_MODE_OUTPUT_CAP_BYTES',
    doc: 'bytes of sandbox output kept before the process is stopped (default 16 MiB)',
    parse: intIn(1, MAX_INT, DEFAULT_OUTPUT_CAP_BYTES),
  },
  warm: {
    name: 'CONTEXT_MODE_WARM',
    doc: '0 turns off pre-started sandbox processes',
    parse: (raw) => raw?.trim() !== '0',
  },
  parentCheckMs: {
    name: 'CONTEXT_MODE_PARENT_CHECK_MS',
    doc: `how often the server checks its host is alive (ms, default ${DEFAULT_PARENT_CHECK_MS}, at least 50)`,
    parse: intIn(50, MAX_INT, DEFAULT_PARENT_CHECK_MS),
  },
  hookStdinIdleMs: {
    name: 'CONTEXT_MODE_HOOK_STDIN_IDLE_MS',
    doc: `how long a hook waits for more input before it answers (ms, default ${DEFAULT_HOOK_STDIN_IDLE_MS})`,
    parse: intIn(10, 600_000, DEFAULT_HOOK_STDIN_IDLE_MS),
  },
  externalMcpNudgeEvery: {
    name: 'CONTEXT_MODE_EXTERNAL_MCP_NUDGE_EVERY',
    doc: `remind about ctx_* tools every Nth call of another MCP server's tool (1–100, default ${DEFAULT_EXTERNAL_MCP_NUDGE_EVERY})`,
    parse: intIn(1, 100, DEFAULT_EXTERNAL_MCP_NUDGE_EVERY),
  },
  bashNudgeMinCommandBytes: {
    name: 'CONTEXT_MODE_BASH_NUDGE_MIN_COMMAND_BYTES',
    doc: 'shell commands shorter than this are never redirected (1–100000, default off)',
    parse: intIn(1, 100_000, undefined),
  },
  sqliteDriver: {
    name: 'CONTEXT_MODE_SQLITE_DRIVER',
    doc: 'node:sqlite or better-sqlite3 (default: the built-in one when Node has it)',
    parse: oneOf(['node:sqlite', 'better-sqlite3']),
  },
  memoryMaxEvents: {
    name: 'CONTEXT_MODE_MEMORY_MAX_EVENTS',
    doc: `session-memory events kept per session (default ${DEFAULT_MEMORY_MAX_EVENTS})`,
    parse: intIn(1, MAX_INT, DEFAULT_MEMORY_MAX_EVENTS),
  },
  retentionDays: {
    name: 'CONTEXT_MODE_RETENTION_DAYS',
    doc: `days session memory and the ledger are kept (default ${DEFAULT_RETENTION_DAYS})`,
    parse: (raw: string | undefined): number => {
      const n = Number(raw);
      return raw !== undefined && Number.isFinite(n) && n > 0 ? n : DEFAULT_RETENTION_DAYS;
    },
  },
  allowPrivateFetch: {
    name: 'CONTEXT_MODE_ALLOW_PRIVATE_FETCH',
    doc: '1 lets fetches reach loopback and private networks',
    parse: flag,
  },
  allowOutside: {
    name: 'CONTEXT_MODE_ALLOW_OUTSIDE',
    doc: '1 lets ctx_index read paths outside the project',
    parse: flag,
  },
  pluginTimingsFile: {
    name: 'CONTEXT_MODE_PLUGIN_TIMINGS_FILE',
    doc: 'file the OpenCode plugin appends one JSON line per hook call to (wall time; unset = not timed)',
    parse: text,
  },
  passEnv: {
    name: 'CONTEXT_MODE_PASS_ENV',
    doc: 'extra variables passed to sandboxed code (NAME,PREFIX*)',
    parse: nameList,
  },
} as const satisfies Record<string, Setting<unknown>>;

export type SettingKey = keyof typeof SETTINGS;
export type Settings = { readonly [K in SettingKey]: ReturnType<(typeof SETTINGS)[K]['parse']> };

/** Parses every setting from `env`; cheap (a few dozen string reads), so callers need not cache it. */
export function readSettings(env: Env = process.env): Settings {
  const out: Record<string, unknown> = {};
  for (const [key, s] of Object.entries(SETTINGS)) out[key] = (s as Setting<unknown>).parse(env[s.name]);
  return out as Settings;
}

/** One setting from `env`, for callers that need only it. */
export function readSetting<K extends SettingKey>(key: K, env: Env = process.env): Settings[K] {
  const s = SETTINGS[key] as unknown as Setting<Settings[K]>;
  return s.parse(env[s.name]);
}

/** The variable name of a setting, for messages and for environments the engine builds for its children. */
export function settingName(key: SettingKey): string {
  return SETTINGS[key].name;
}
