import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

export const LANGUAGES = [
  'javascript',
  'typescript',
  'python',
  'shell',
  'ruby',
  'go',
  'rust',
  'php',
  'perl',
  'r',
  'elixir',
  'csharp',
] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Runtime {
  language: Language;
  /** Script file extension. */
  ext: string;
  /** argv to run `file` (after any compile step). */
  command(file: string): string[];
  /** For compiled languages: argv that turns `file` into the executable `out`. */
  compile?(file: string, out: string): string[];
}

interface Spec {
  ext: string;
  candidates: string[];
  install: string;
  argv(bin: string, file: string): string[];
  compile?(bin: string, file: string, out: string): string[];
}

// Which binary serves each language, and what to tell the user when none does.
const SPECS: Record<Language, Spec> = {
  javascript: { ext: 'mjs', candidates: [], install: 'Node.js', argv: (b, f) => [b, f] },
  typescript: { ext: 'mts', candidates: [], install: 'tsx (npm i -D tsx) or Node ≥ 22.6', argv: (b, f) => [b, f] },
  python: {
    ext: 'py',
    candidates: ['python3', 'python'],
    install: 'python3 (apt install python3)',
    argv: (b, f) => [b, '-u', f],
  },
  shell: { ext: 'sh', candidates: ['bash', 'sh'], install: 'bash', argv: (b, f) => [b, f] },
  ruby: { ext: 'rb', candidates: ['ruby'], install: 'ruby (apt install ruby)', argv: (b, f) => [b, f] },
  go: { ext: 'go', candidates: ['go'], install: 'go (apt install golang-go)', argv: (b, f) => [b, 'run', f] },
  rust: {
    ext: 'rs',
    candidates: ['rustc'],
    install: 'rustc (apt install rustc, or rustup)',
    argv: (_b, f) => [f],
    compile: (b, f, out) => [b, '-O', '--edition', '2021', '-o', out, f],
  },
  php: { ext: 'php', candidates: ['php'], install: 'php (apt install php-cli)', argv: (b, f) => [b, f] },
  perl: { ext: 'pl', candidates: ['perl'], install: 'perl (apt install perl)', argv: (b, f) => [b, f] },
  r: { ext: 'R', candidates: ['Rscript'], install: 'R (apt install r-base-core)', argv: (b, f) => [b, f] },
  elixir: { ext: 'exs', candidates: ['elixir'], install: 'elixir (apt install elixir)', argv: (b, f) => [b, f] },
  csharp: {
    ext: 'csx',
    candidates: ['dotnet-script'],
    install: 'dotnet-script (dotnet tool install -g dotnet-script)',
    argv: (b, f) => [b, f],
  },
};

/** Finds an executable on PATH without spawning anything (runtime detection must stay cheap). */
function which(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

function typescriptRunner(): string[] | undefined {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 6))
    return [process.execPath, '--experimental-strip-types', '--no-warnings'];
  try {
    const require = createRequire(import.meta.url);
    const loader = require.resolve('tsx');
    return [process.execPath, '--import', loader];
  } catch {
    return undefined;
  }
}

export class RuntimeMissingError extends Error {
  override readonly name = 'RuntimeMissingError';
}

const cache = new Map<Language, Runtime | string>();

/**
 * The runtime for `language`, detected on first use and cached for the life of the process (never during the
 * MCP handshake). Throws RuntimeMissingError "runtime X not found — install Y" when there is none.
 */
export function runtimeFor(language: Language, env: NodeJS.ProcessEnv = process.env): Runtime {
  let found = cache.get(language);
  if (found === undefined) {
    const spec = SPECS[language];
    let prefix: string[] | undefined;
    if (language === 'javascript') prefix = [process.execPath];
    else if (language === 'typescript') prefix = typescriptRunner();
    else {
      const bin = spec.candidates.map((c) => which(c, env)).find(Boolean);
      if (bin) prefix = [bin];
    }
    if (!prefix) found = `runtime ${language} not found — install ${spec.install}`;
    else {
      const [bin, ...flags] = prefix;
      found = {
        language,
        ext: spec.ext,
        command: (file) => {
          const argv = spec.argv(bin!, file);
          return language === 'javascript' || language === 'typescript' ? [bin!, ...flags, file] : argv;
        },
        ...(spec.compile ? { compile: (file: string, out: string) => spec.compile!(bin!, file, out) } : {}),
      };
    }
    cache.set(language, found);
  }
  if (typeof found === 'string') throw new RuntimeMissingError(found);
  return found;
}

/** Which languages can run here (for doctor and tests). */
export function availableLanguages(env: NodeJS.ProcessEnv = process.env): Language[] {
  return LANGUAGES.filter((l) => {
    try {
      runtimeFor(l, env);
      return true;
    } catch {
      return false;
    }
  });
}
