/**
 * Per-program rules: does this one command, as written, print an unbounded amount to stdout? Each rule
 * looks only at the program's own arguments; whether a later pipeline stage or a redirect contains the
 * output is decided by the caller (shell-floods.ts). Rules name the ctx_* call that does the job instead.
 * The argument helpers and name patterns they share live in flood-rule-helpers.ts.
 */
import {
  hasLong,
  hasShort,
  optValue,
  positionals,
  sandbox,
  URL_RE,
  LOCAL_URL,
  SMALL_HOST,
  SMALL_ENDPOINT,
  BIG_FILE,
  fileVerdict,
  fileCall,
  binaryVerdict,
  isHugeTree,
  type Flood,
  type Rule,
  type RuleContext,
} from './flood-rule-helpers.js';
import {
  aptCache,
  brewInfo,
  cargoSearch,
  gemSearch,
  packageSearchJson,
  packageView,
  powershellGetContent,
  powershellWeb,
  rpmRepoList,
  textBrowser,
} from './network-flood-rules.js';

export type { Flood, RuleContext, SuggestedCall } from './flood-rule-helpers.js';
const CURL_VALUE = 'AbcCdDeEFHKmoPQrTtuUwxXYyz';
const LIMIT_SMALL = 2000;

/** A client run by `xargs` / `parallel` with the URLs read from stdin prints every response body in turn. */
function urlsFromStdin(ctx: RuleContext): Flood {
  return {
    kind: 'http-to-stdout',
    why: 'prints the response body of every URL it is given',
    call: sandbox(ctx, undefined, 'what you need from each response'),
    bytes: 50_000,
  };
}

// ── rules ────────────────────────────────────────────────────────────────────────────────────────────────

const curl: Rule = (args, ctx) => {
  if (hasLong(args, '--output', '--remote-name', '--remote-name-all', '--head', '--output-dir', '--upload-file')) {
    const out = optValue(args, [], ['--output']);
    if (out !== '-' && out !== '/dev/stdout') return undefined;
  }
  if (hasShort(args, 'o', CURL_VALUE)) {
    const out = optValue(args, ['-o'], []) ?? args[args.findIndex((a) => /^-[A-Za-z]*o$/.test(a)) + 1];
    if (out !== '-' && out !== '/dev/stdout') return undefined;
  }
  if (hasShort(args, 'O', CURL_VALUE) || hasShort(args, 'I', CURL_VALUE) || hasShort(args, 'T', CURL_VALUE))
    return undefined;
  const method = optValue(args, ['-X'], ['--request'])?.toUpperCase();
  const sendsData =
    hasShort(args, 'd', CURL_VALUE) ||
    hasShort(args, 'F', CURL_VALUE) ||
    hasLong(args, '--data', '--data-raw', '--data-binary', '--json', '--form', '--data-urlencode');
  const url =
    positionals(args, [
      '-X',
      '-H',
      '-d',
      '-u',
      '-A',
      '-e',
      '-b',
      '-c',
      '-w',
      '-m',
      '-x',
      '-F',
      '-r',
      '-o',
      '-T',
      '-K',
      '-E',
      '-D',
      '--request',
      '--header',
      '--data',
      '--data-raw',
      '--data-binary',
      '--json',
      '--user',
      '--user-agent',
      '--referer',
      '--cookie',
      '--cookie-jar',
      '--write-out',
      '--max-time',
      '--connect-timeout',
      '--proxy',
      '--form',
      '--range',
      '--retry',
      '--cacert',
      '--cert',
      '--key',
      '--resolve',
      '--data-urlencode',
      '--url',
      '--dump-header',
      '--config',
    ]).find((p) => URL_RE.test(p)) ?? optValue(args, [], ['--url']);
  if (!url) return ctx.viaXargs ? urlsFromStdin(ctx) : undefined;
  // Writes to an API answer with the created object or a status; polling a local health endpoint answers one line.
  if (sendsData || (method && method !== 'GET')) return undefined;
  if ((LOCAL_URL.test(url) && SMALL_ENDPOINT.test(url)) || SMALL_HOST.test(url)) return undefined;
  const plainGet = !args.some((a) => /^-(H|u|b|-header|-user|-cookie)$/.test(a) || a.startsWith('--header='));
  const href = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  return {
    kind: 'http-to-stdout',
    why: 'prints the whole response body',
    call: plainGet && !LOCAL_URL.test(url) ? { tool: 'ctx_fetch_and_index', url: href } : sandbox(ctx),
    bytes: 16_384,
  };
};

const wget: Rule = (args, ctx) => {
  const out =
    optValue(args, ['-O'], ['--output-document']) ?? (args.some((a) => /^-[a-zA-Z]*O-$/.test(a)) ? '-' : undefined);
  const bundledO = args.findIndex((a) => /^-[a-zA-Z]*O$/.test(a) && a !== '-O');
  const target = out ?? (bundledO >= 0 ? args[bundledO + 1] : undefined);
  if (target !== '-' && target !== '/dev/stdout') return undefined;
  const url = positionals(args, ['-O', '-o', '-a', '-e', '-U', '--header', '--user-agent', '-P']).find((p) =>
    URL_RE.test(p),
  );
  if (!url) return ctx.viaXargs ? urlsFromStdin(ctx) : undefined;
  if (SMALL_HOST.test(url)) return undefined;
  const href = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  return {
    kind: 'http-to-stdout',
    why: 'prints the whole response body',
    call: LOCAL_URL.test(url) ? sandbox(ctx) : { tool: 'ctx_fetch_and_index', url: href },
    bytes: 16_384,
  };
};

const httpie: Rule = (args, ctx) => {
  if (hasLong(args, '--download', '--output', '--headers', '--quiet', '--offline', '--version', '--help'))
    return undefined;
  if (hasShort(args, 'd', '') || hasShort(args, 'o', '') || hasShort(args, 'h', '') || hasShort(args, 'q', ''))
    return undefined;
  const pos = positionals(args);
  const url = pos.find((p) => URL_RE.test(p) || /^:\d*\//.test(p));
  if (!url) return undefined;
  const method = pos[0]?.toUpperCase();
  if (method && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) return undefined;
  return { kind: 'http-to-stdout', why: 'prints the whole response body', call: sandbox(ctx), bytes: 16_384 };
};

const gh: Rule = (args, ctx) => {
  const [sub, verb] = args;
  if (sub === 'api') {
    if (
      hasLong(args, '--jq', '--template', '--silent', '--include') ||
      hasShort(args, 'q', '') ||
      hasShort(args, 't', '')
    )
      return undefined;
    const method = optValue(args, ['-X'], ['--method'])?.toUpperCase();
    if (method && method !== 'GET') return undefined;
    return {
      kind: 'gh-api',
      why: 'prints the raw JSON response',
      call: sandbox(ctx, undefined, 'the fields you need'),
      bytes: 30_000,
    };
  }
  if (sub === 'run' && verb === 'view' && hasLong(args, '--log', '--log-failed')) {
    return {
      kind: 'ci-log',
      why: 'prints the whole CI log',
      call: sandbox(ctx, undefined, 'errors and failing steps'),
      bytes: 100_000,
    };
  }
  if (sub === 'pr' && verb === 'diff' && !hasLong(args, '--name-only', '--stat')) {
    return { kind: 'diff', why: 'prints the whole pull request diff', call: sandbox(ctx), bytes: 50_000 };
  }
  return undefined;
};

const git: Rule = (args, ctx) => {
  const gitValue = ['-C', '-c', '--git-dir', '--work-tree', '--namespace'];
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) i += gitValue.includes(args[i]!) ? 2 : 1;
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (sub === 'log' || sub === 'whatchanged') {
    if (hasLong(rest, '--max-count', '--since', '--after', '--until', '--before', '--help', '--since-as-filter'))
      return undefined;
    if (rest.some((a) => /^-\d+$/.test(a) || /^-n\d*$/.test(a) || a.includes('..') || /^@\{/.test(a))) return undefined;
    if (rest.includes('-L') || rest.some((a) => /^-L\d/.test(a))) return undefined;
    const patch = rest.some((a) => ['-p', '-u', '--patch', '--stat', '--numstat'].includes(a));
    return {
      kind: 'git-log-unlimited',
      why: patch ? 'prints every commit of the history with its changes' : 'prints every commit of the history',
      call: sandbox(
        ctx,
        `git log ${rest.filter((a) => a !== '-p' && a !== '--patch').join(' ')}`.trim().replace(/\s+/g, ' ') + ' -n 50',
      ),
      bytes: patch ? 500_000 : 60_000,
    };
  }
  if (
    sub === 'diff' &&
    !hasLong(
      rest,
      '--stat',
      '--shortstat',
      '--numstat',
      '--name-only',
      '--name-status',
      '--quiet',
      '--exit-code',
      '--dirstat',
    )
  ) {
    const far = rest.find((a) => /^[\w./-]*~(\d+)$/.test(a) && Number(/~(\d+)$/.exec(a)![1]) >= 30);
    if (far)
      return {
        kind: 'diff',
        why: `prints every change across ${/~(\d+)$/.exec(far)![1]} commits`,
        call: sandbox(ctx, `git diff --stat ${far}`),
        bytes: 300_000,
      };
  }
  if (sub === 'rev-list' && hasLong(rest, '--all') && !hasLong(rest, '--count', '--max-count')) {
    return {
      kind: 'git-log-unlimited',
      why: 'prints every commit id',
      call: sandbox(ctx, 'git rev-list --all --count'),
      bytes: 40_000,
    };
  }
  return undefined;
};

const find: Rule = (args, ctx) => {
  const starts: string[] = [];
  let k = 0;
  while (k < args.length && ['-H', '-L', '-P', '-O0', '-O1', '-O2', '-O3'].includes(args[k]!)) k++;
  while (k < args.length && !args[k]!.startsWith('-') && args[k] !== '(' && args[k] !== '!') starts.push(args[k++]!);
  const expr = args.slice(k);
  if (expr.includes('-quit')) return undefined;
  const depth = Number(optValue(expr, [], ['-maxdepth']));
  if (Number.isFinite(depth) && depth <= 3) return undefined;
  const execs = expr.flatMap((a, idx) => (a === '-exec' || a === '-execdir' ? [expr[idx + 1] ?? ''] : []));
  if (execs.some((e) => /^(cat|less|more|head|tail|strings|xxd)$/.test(e))) {
    return { kind: 'find-cat', why: 'prints the content of every file found', call: sandbox(ctx), bytes: 200_000 };
  }
  if (expr.includes('-delete') || execs.length) return undefined;
  const filtered = expr.some((a) =>
    /^-(i?name|i?path|i?wholename|i?regex|newer\w*|[acm](time|min)|size|empty|perm|user|group|links|inum|samefile)$/.test(
      a,
    ),
  );
  // A name without wildcards matches a handful of files, wherever the walk starts.
  const exactName = expr.some((a, idx) => /^-i?name$/.test(a) && !/[*?[]/.test(expr[idx + 1] ?? '*'));
  const roots = starts.length ? starts : ['.'];
  const systemRoot = roots.some((r) => /^(\/|~|\$HOME|\$\{HOME\}|[A-Za-z]:)/.test(r) && isHugeTree(r));
  const dependencyTree = roots.some((r) =>
    /(^|\/)(node_modules|vendor|\.venv|venv|site-packages|target|\.git)(\/|$)/.test(r),
  );
  if (systemRoot && !(exactName && ctx.stderrDiscarded)) {
    return {
      kind: 'find-tree',
      why: `walks all of ${roots.join(' ')} and prints every match and every permission error`,
      call: sandbox(ctx, `${ctx.text} 2>/dev/null | head -100`),
      bytes: 200_000,
    };
  }
  if (dependencyTree && !exactName) {
    return {
      kind: 'find-tree',
      why: `lists files of a dependency tree (${roots.join(' ')})`,
      call: sandbox(ctx, `${ctx.text} | head -100`),
      bytes: 200_000,
    };
  }
  if (!filtered && roots.some((r) => r === '.' || r === './' || r === '..')) {
    return {
      kind: 'find-tree',
      why: 'lists every file in the tree',
      call: sandbox(ctx, `${ctx.text} -not -path "*/node_modules/*" -not -path "*/.git/*" | head -100`),
      bytes: 100_000,
    };
  }
  return undefined;
};

const ls: Rule = (args, ctx) => {
  if (!(hasShort(args, 'R', '') || hasLong(args, '--recursive'))) return undefined;
  return {
    kind: 'recursive-listing',
    why: 'lists every file of the tree recursively',
    call: sandbox(ctx, 'find . -maxdepth 2 -not -path "*/node_modules/*" | head -200'),
    bytes: 100_000,
  };
};

const tree: Rule = (args, ctx) => {
  const level = Number(optValue(args, ['-L'], ['--level']));
  if (Number.isFinite(level) && level <= 4) return undefined;
  if (hasLong(args, '--help', '--version') || hasShort(args, 'P', 'LPIo') || hasShort(args, 'o', 'LPIo'))
    return undefined;
  return {
    kind: 'recursive-listing',
    why: 'draws every file of the tree',
    call: sandbox(ctx, `tree -L 2 ${positionals(args, ['-L', '-I', '-P', '-o']).join(' ')}`.trim()),
    bytes: 100_000,
  };
};

const du: Rule = (args, ctx) => {
  if (hasShort(args, 's', 'dB') || hasLong(args, '--summarize', '--max-depth') || hasShort(args, 'd', ''))
    return undefined;
  const paths = positionals(args, ['-d', '-B', '--exclude']);
  if (paths.some((p) => p.includes('*'))) return undefined;
  if (!hasShort(args, 'a', '') && !hasLong(args, '--all') && !paths.every((p) => isHugeTree(p))) return undefined;
  if (paths.length === 0 && !hasShort(args, 'a', ''))
    return {
      kind: 'recursive-listing',
      why: 'prints a line for every directory',
      call: sandbox(ctx, 'du -h -d 1 . | sort -h | tail -30'),
      bytes: 50_000,
    };
  return {
    kind: 'recursive-listing',
    why: 'prints a line for every file or directory',
    call: sandbox(ctx, 'du -h -d 1 . | sort -h | tail -30'),
    bytes: 50_000,
  };
};

function catLike(valueOpts: string[], verdict: typeof fileVerdict = fileVerdict): Rule {
  return (args, ctx) => {
    const files = positionals(args, valueOpts);
    if (files.length === 0 && ctx.viaXargs) {
      return {
        kind: 'file-dump',
        why: 'prints the content of every file it is given',
        call: sandbox(ctx),
        bytes: 200_000,
      };
    }
    for (const f of files) {
      const v = verdict(f, ctx);
      if (v.big) {
        return {
          kind: 'file-dump',
          why: `prints all of ${f}${ctx.fileSize(f) !== undefined ? ` (${Math.round(v.bytes / 1024)} KB)` : ''}`,
          call: /[*?]/.test(f) ? sandbox(ctx) : fileCall(f, ctx),
          bytes: v.bytes,
        };
      }
    }
    return undefined;
  };
}

const headTail =
  (which: 'head' | 'tail'): Rule =>
  (args, ctx) => {
    const files = positionals(args, ['-n', '-c', '--lines', '--bytes', '-s', '--pid', '--sleep-interval']);
    const follow =
      which === 'tail' &&
      (hasShort(args, 'f', 'ncs') || hasShort(args, 'F', 'ncs') || hasLong(args, '--follow', '--retry'));
    if (follow) {
      const n = 200;
      return {
        kind: 'follow',
        why: 'never stops printing new lines',
        call: sandbox(ctx, `tail -n ${n} ${files.join(' ')}`.trim()),
        bytes: 100_000,
        endless: true,
      };
    }
    const nRaw = optValue(args, ['-n'], ['--lines']) ?? args.find((a) => /^-\d+$/.test(a))?.slice(1);
    const cRaw = optValue(args, ['-c'], ['--bytes']);
    if (nRaw?.startsWith('+') && which === 'tail') {
      return catLike(['-n', '-c', '--lines', '--bytes'])(args, ctx);
    }
    const lines = nRaw === undefined ? 10 : Number(nRaw.replace(/^[+-]/, ''));
    const bytes = cRaw === undefined ? 0 : parseSize(cRaw);
    if (lines > LIMIT_SMALL || bytes > BIG_FILE) {
      return {
        kind: 'file-dump',
        why: `prints ${lines > LIMIT_SMALL ? `${lines} lines` : `${cRaw} bytes`}`,
        call: sandbox(ctx, `${which} -n 100 ${files.join(' ')}`.trim()),
        bytes: Math.max(bytes, lines * 80),
      };
    }
    return undefined;
  };

function parseSize(s: string): number {
  const m = /^(\d+)([kKmMgG])?/.exec(s);
  if (!m) return 0;
  const mult = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(m[2] ?? '').toLowerCase() as 'k' | 'm' | 'g'] ?? 1;
  return Number(m[1]) * mult;
}

const hexdump: Rule = (args, ctx) => {
  if (hasShort(args, 'l', '') || hasShort(args, 'n', '') || hasLong(args, '--len', '--length', '--help', '--version'))
    return undefined;
  // Option values here are numbers (`-s 16`, `-c 32`), so every other bare word is a file.
  const files = args.filter((a) => !a.startsWith('-') && !/^\d+$/.test(a));
  if (!files.length) return undefined;
  return {
    kind: 'binary-dump',
    why: 'prints several bytes of text for every byte of the file',
    call: sandbox(ctx, `${ctx.text.split(/\s/)[0]} ${args.join(' ')} | head -50`),
    bytes: 200_000,
  };
};

const grepRecursive: Rule = (args, ctx) => {
  const recursive =
    hasShort(args, 'r', 'efmABCdD') ||
    hasShort(args, 'R', 'efmABCdD') ||
    hasLong(args, '--recursive', '--dereference-recursive');
  if (!recursive) return undefined;
  if (
    hasShort(args, 'l', 'efmABCdD') ||
    hasShort(args, 'L', 'efmABCdD') ||
    hasShort(args, 'c', 'efmABCdD') ||
    hasShort(args, 'q', 'efmABCdD') ||
    hasShort(args, 'm', 'efABCdD')
  )
    return undefined;
  if (hasLong(args, '--files-with-matches', '--files-without-match', '--count', '--quiet', '--max-count'))
    return undefined;
  const pos = positionals(args, [
    '-e',
    '-f',
    '-m',
    '-A',
    '-B',
    '-C',
    '-d',
    '-D',
    '--include',
    '--exclude',
    '--exclude-dir',
  ]);
  const hasPatternOpt = args.includes('-e') || args.includes('-f');
  const paths = hasPatternOpt ? pos : pos.slice(1);
  const scoped = hasLong(args, '--include', '--exclude-dir');
  const targets = paths.length ? paths : ['.'];
  if (targets.some(isHugeTree) || (!scoped && targets.some((t) => t === '.' || t === './'))) {
    return {
      kind: 'recursive-search',
      why: `searches every file under ${targets.join(' ')} and prints every match`,
      call: sandbox(ctx, undefined, 'the matches you need'),
      bytes: 100_000,
    };
  }
  return undefined;
};

const rg: Rule = (args, ctx) => {
  if (
    hasShort(args, 'l', 'efmABCgtTMj') ||
    hasShort(args, 'c', 'efmABCgtTMj') ||
    hasShort(args, 'q', 'efmABCgtTMj') ||
    hasShort(args, 'm', 'efABCgtTMj')
  )
    return undefined;
  if (
    hasLong(
      args,
      '--files-with-matches',
      '--count',
      '--quiet',
      '--max-count',
      '--files',
      '--type-list',
      '--version',
      '--help',
    )
  )
    return undefined;
  const pos = positionals(args, [
    '-e',
    '-f',
    '-m',
    '-A',
    '-B',
    '-C',
    '-g',
    '-t',
    '-T',
    '-M',
    '-j',
    '--glob',
    '--type',
    '--type-not',
    '--max-columns',
  ]);
  const paths = args.includes('-e') ? pos : pos.slice(1);
  const unrestricted = hasLong(args, '--no-ignore', '--unrestricted') || args.some((a) => /^-u+$/.test(a));
  if (paths.some(isHugeTree) || (unrestricted && (paths.length === 0 || paths.some((p) => p === '.')))) {
    return {
      kind: 'recursive-search',
      why: 'searches a very large tree and prints every match',
      call: sandbox(ctx, undefined, 'the matches you need'),
      bytes: 100_000,
    };
  }
  return undefined;
};

const depTree: Rule = (args, ctx) => {
  const name = ctx.text.trim().split(/\s+/)[0];
  void name;
  return {
    kind: 'dependency-tree',
    why: 'prints the whole dependency tree',
    call: sandbox(ctx, undefined, 'the packages you are looking for'),
    bytes: 80_000,
  };
};

const npmLs: Rule = (args, ctx) => {
  const sub = args[0];
  if (sub !== 'ls' && sub !== 'list' && sub !== 'la' && sub !== 'll') return undefined;
  const depth = optValue(args, [], ['--depth']);
  const deep =
    hasLong(args, '--all', '--long') ||
    hasShort(args, 'a', '') ||
    sub === 'la' ||
    sub === 'll' ||
    (depth !== undefined && (depth === 'Infinity' || Number(depth) > 1));
  const pkgs = positionals(args.slice(1), ['--depth']);
  return deep && pkgs.length === 0 ? depTree(args, ctx) : undefined;
};

const yarn: Rule = (args, ctx) => {
  if (args[0] !== 'list' && args[0] !== 'ls') return undefined;
  const depth = optValue(args, [], ['--depth']);
  if ((depth !== undefined && Number(depth) <= 1) || hasLong(args, '--pattern')) return undefined;
  return depTree(args, ctx);
};

const cargo: Rule = (args, ctx) => {
  if (args[0] !== 'tree') return undefined;
  if (
    hasLong(args, '--depth', '--duplicates', '--invert', '--package') ||
    hasShort(args, 'd', '') ||
    hasShort(args, 'i', '') ||
    hasShort(args, 'p', '')
  )
    return undefined;
  return depTree(args, ctx);
};

const go: Rule = (args, ctx) => {
  if ((args[0] === 'mod' && args[1] === 'graph') || (args[0] === 'list' && args.includes('-m') && args.includes('all')))
    return depTree(args, ctx);
  return undefined;
};

const packageList: Rule = (args, ctx) => {
  const text = ctx.text;
  if (/\bdpkg\s+(-l|--list)\b|\brpm\s+-qa\b|\bapt\s+list\b/.test(text) && !/\bapt\s+list\s+--upgradable\b/.test(text)) {
    const pkgs = positionals(args.slice(1)).filter((p) => p !== 'list');
    if (pkgs.length === 0)
      return {
        kind: 'package-list',
        why: 'prints every installed package',
        call: sandbox(ctx, undefined, 'the packages you are looking for'),
        bytes: 150_000,
      };
  }
  return undefined;
};

const SELECT_ALL = /\bselect\b[\s\S]*\bfrom\b/i;
function unboundedSelect(sql: string): boolean {
  if (!SELECT_ALL.test(sql)) return false;
  return !/\b(limit|top|where|count|sum|avg|min|max|group\s+by|fetch\s+first|exists)\b/i.test(sql);
}

const dbDump =
  (fileOpts: string[]): Rule =>
  (args, ctx) => {
    if (
      hasLong(args, '--file', '--result-file', '--out', '--help', '--version') ||
      fileOpts.some((o) => args.includes(o) || args.some((a) => a.startsWith(o) && a.length > 2 && o.length === 2))
    )
      return undefined;
    return {
      kind: 'database-dump',
      why: 'prints the whole database as SQL',
      call: sandbox(ctx, `${ctx.text} > dump.sql && wc -c dump.sql`),
      bytes: 1_000_000,
    };
  };

const sqlClient: Rule = (args, ctx) => {
  const sqls = args.filter(
    (a, i) => ['-c', '-e', '--command', '--execute'].includes(args[i - 1] ?? '') || /\bselect\b/i.test(a),
  );
  if (ctx.text.includes('.dump') && args.some((a) => a === '.dump' || a.startsWith('.dump '))) {
    return {
      kind: 'database-dump',
      why: 'prints the whole database as SQL',
      call: sandbox(ctx, `${ctx.text} > dump.sql && wc -c dump.sql`),
      bytes: 1_000_000,
    };
  }
  if (sqls.some(unboundedSelect)) {
    return {
      kind: 'unbounded-query',
      why: 'prints every row of the table',
      call: sandbox(ctx, undefined, 'the rows you need'),
      bytes: 200_000,
    };
  }
  return undefined;
};

const redisCli: Rule = (args, ctx) => {
  const cmd = positionals(args, ['-h', '-p', '-a', '-n', '-u', '--user', '--pass']).map((a) => a.toUpperCase());
  if (
    cmd[0] === 'MONITOR' ||
    (cmd[0] === 'KEYS' && cmd[1] === '*') ||
    args.includes('--scan') ||
    cmd[0] === 'SUBSCRIBE'
  ) {
    return {
      kind: 'database-dump',
      why: cmd[0] === 'MONITOR' || cmd[0] === 'SUBSCRIBE' ? 'streams every command until stopped' : 'prints every key',
      call: sandbox(ctx, 'redis-cli --scan --count 100 | head -100'),
      bytes: 100_000,
      endless: cmd[0] === 'MONITOR' || cmd[0] === 'SUBSCRIBE',
    };
  }
  return undefined;
};

const mongoexport: Rule = (args, ctx) => {
  if (hasLong(args, '--out') || args.includes('-o')) return undefined;
  return {
    kind: 'database-dump',
    why: 'prints every document of the collection',
    call: sandbox(ctx),
    bytes: 1_000_000,
  };
};

/** `docker logs`, `docker compose logs`, `kubectl logs`, … without a tail or time bound. */
function logsRule(tailOpts: string[], tailLongs: string[], fix: (ctx: RuleContext) => string): Rule {
  return (args, ctx) => {
    const follow = hasShort(args, 'f', 'nc') || hasLong(args, '--follow');
    if (follow)
      return {
        kind: 'follow',
        why: 'never stops printing new log lines',
        call: sandbox(ctx, fix(ctx)),
        bytes: 100_000,
        endless: true,
      };
    if (
      hasLong(args, ...tailLongs) ||
      tailOpts.some((o) => args.includes(o) || args.some((a) => a.startsWith(o) && /\d/.test(a.slice(o.length))))
    )
      return undefined;
    if (hasLong(args, '--help')) return undefined;
    return { kind: 'unbounded-log', why: 'prints the whole log', call: sandbox(ctx, fix(ctx)), bytes: 100_000 };
  };
}

function withTail(text: string, flag: string): string {
  return text.replace(/\s+(-f|--follow)\b/g, '').replace(/(\blogs)\b/, `$1 ${flag}`);
}

const dockerLogs = logsRule(['-n'], ['--tail', '--since', '--until', '-n'], (ctx) => withTail(ctx.text, '--tail 200'));
const kubectlLogs = logsRule([], ['--tail', '--since', '--since-time', '--limit-bytes', '--previous'], (ctx) =>
  withTail(ctx.text, '--tail=200'),
);

const docker: Rule = (args, ctx) => {
  const i = args[0] === 'compose' ? 1 : 0;
  if (args[i] === 'logs') return dockerLogs(args.slice(i + 1), ctx);
  if (args[0] === 'service' && args[1] === 'logs') return dockerLogs(args.slice(2), ctx);
  if (args[i] === 'stats' && !hasLong(args, '--no-stream'))
    return {
      kind: 'follow',
      why: 'redraws container stats until stopped',
      call: sandbox(ctx, `${ctx.text} --no-stream`),
      bytes: 50_000,
      endless: true,
    };
  if (args[i] === 'events' && !hasLong(args, '--until'))
    return {
      kind: 'follow',
      why: 'streams events until stopped',
      call: sandbox(ctx, `${ctx.text} --since 10m --until 0s`),
      bytes: 50_000,
      endless: true,
    };
  return undefined;
};

const kubectl: Rule = (args, ctx) => {
  const sub = args[0];
  if (sub === 'logs') return kubectlLogs(args.slice(1), ctx);
  if (sub === 'describe') {
    const names = positionals(args.slice(1), ['-n', '--namespace', '-l', '--selector', '--context']);
    if (names.length === 1 && !names[0]!.includes('/') && !args.some((a) => a === '-l' || a.startsWith('--selector'))) {
      return {
        kind: 'manifest-dump',
        why: `describes every ${names[0]} in detail`,
        call: sandbox(ctx, `kubectl get ${names[0]} -o wide`),
        bytes: 100_000,
      };
    }
  }
  if (sub === 'get' && (hasShort(args, 'w', 'onlL') || hasLong(args, '--watch', '--watch-only'))) {
    return {
      kind: 'follow',
      why: 'watches for changes until stopped',
      call: sandbox(ctx, ctx.text.replace(/\s+(-w|--watch(-only)?)\b/g, '')),
      bytes: 50_000,
      endless: true,
    };
  }
  if (sub === 'get') {
    const output = optValue(args, ['-o'], ['--output']) ?? args.find((a) => /^-o(yaml|json)$/.test(a))?.slice(2);
    if (output !== 'yaml' && output !== 'json') return undefined;
    const allNs = hasShort(args, 'A', 'onlL') || hasLong(args, '--all-namespaces');
    const names = positionals(args.slice(1), [
      '-o',
      '--output',
      '-n',
      '--namespace',
      '-l',
      '--selector',
      '--field-selector',
      '--context',
    ]);
    const named = names.length >= 2 || names.some((n) => n.includes('/'));
    if (allNs || !named)
      return {
        kind: 'manifest-dump',
        why: `prints the full ${output} of every object`,
        call: sandbox(ctx, undefined, 'the fields you need'),
        bytes: 200_000,
      };
  }
  return undefined;
};

const journalctl: Rule = (args, ctx) => {
  if (hasShort(args, 'f', 'nuUptSUDM') || hasLong(args, '--follow'))
    return {
      kind: 'follow',
      why: 'never stops printing new log lines',
      call: sandbox(ctx, `${ctx.text.replace(/\s+(-f|--follow)\b/g, '')} -n 200 --no-pager`),
      bytes: 100_000,
      endless: true,
    };
  if (
    hasShort(args, 'n', 'uUptSUDM') ||
    hasLong(
      args,
      '--lines',
      '--disk-usage',
      '--list-boots',
      '--vacuum-size',
      '--vacuum-time',
      '--rotate',
      '--help',
      '--version',
      '--verify',
      '--flush',
    )
  )
    return undefined;
  return {
    kind: 'unbounded-log',
    why: 'prints the whole journal',
    call: sandbox(ctx, `${ctx.text} -n 200 --no-pager`),
    bytes: 500_000,
  };
};

const dmesg: Rule = (args, ctx) => {
  if (hasLong(args, '--help', '--version', '--clear', '--follow-new')) return undefined;
  const follow = hasShort(args, 'w', '') || hasLong(args, '--follow');
  return {
    kind: follow ? 'follow' : 'unbounded-log',
    why: 'prints the whole kernel log',
    call: sandbox(ctx, 'dmesg -T | tail -100'),
    bytes: 100_000,
    endless: follow,
  };
};

const buildTool: Rule = (args, ctx) => {
  if (
    hasLong(args, '--version', '--help', '--quiet') ||
    hasShort(args, 'q', '') ||
    args.includes('-v') ||
    args.includes('-version') ||
    args.includes('help') ||
    args.length === 0
  )
    return undefined;
  const tree = args.some((a) => /dependency:tree|dependencies$|dependencyInsight/.test(a));
  return {
    kind: tree ? 'dependency-tree' : 'build-log',
    why: tree ? 'prints the whole dependency tree' : 'prints a long build log',
    call: sandbox(ctx, `${ctx.text} 2>&1 | tail -30`),
    bytes: 50_000,
  };
};

const trace: Rule = (args, ctx) => {
  if (hasShort(args, 'c', 'oesp') && ctx.text.startsWith('strace')) return undefined;
  if (args.includes('-o') || args.includes('-w') || hasLong(args, '--help', '--version')) return undefined;
  if (ctx.text.startsWith('tcpdump') && args.includes('-c')) return undefined;
  return {
    kind: 'trace',
    why: 'prints a line per event until stopped',
    call: sandbox(ctx, `timeout 10 ${ctx.text} 2>&1 | tail -100`),
    bytes: 200_000,
    endless: true,
  };
};

const lsof: Rule = (args, ctx) => {
  const pos = positionals(args, ['-p', '-u', '-c', '-i', '-g', '+D', '+d']);
  if (args.length === 0 || (pos.length === 0 && args.every((a) => /^-[nPlb]+$/.test(a)))) {
    return {
      kind: 'process-dump',
      why: 'prints every open file of every process',
      call: sandbox(ctx, 'lsof -nP -iTCP -sTCP:LISTEN'),
      bytes: 500_000,
    };
  }
  return undefined;
};

const ping: Rule = (args, ctx) => {
  if (hasShort(args, 'c', 'iIwWst') || hasShort(args, 'w', 'ciIsWt') || hasLong(args, '--help') || args.includes('-V'))
    return undefined;
  const host = positionals(args, ['-i', '-I', '-s', '-t', '-W']).at(-1);
  return host
    ? {
        kind: 'follow',
        why: 'pings until stopped',
        call: sandbox(ctx, `ping -c 4 ${host}`),
        bytes: 10_000,
        endless: true,
      }
    : undefined;
};

const endlessSource: Rule = (_args, ctx) => ({
  kind: 'follow',
  why: 'prints until stopped',
  call: sandbox(ctx, `${ctx.text} | head -100`),
  bytes: 1_000_000,
  endless: true,
});

const seq: Rule = (args, ctx) => {
  const nums = args.filter((a) => /^-?\d+(\.\d+)?$/.test(a)).map(Number);
  const last = nums.at(-1) ?? 0;
  const first = nums.length > 1 ? nums[0]! : 1;
  return Math.abs(last - first) > 10_000
    ? {
        kind: 'generated',
        why: `prints ${Math.abs(last - first)} lines`,
        call: sandbox(ctx, `${ctx.text} | tail -5`),
        bytes: 100_000,
      }
    : undefined;
};

const aws: Rule = (args, ctx) => {
  if (args[0] === 's3' && args[1] === 'ls' && hasLong(args, '--recursive'))
    return {
      kind: 'object-listing',
      why: 'lists every object in the bucket',
      call: sandbox(ctx, `${ctx.text} --summarize | tail -5`),
      bytes: 200_000,
    };
  if (
    args[0] === 'logs' &&
    (args[1] === 'get-log-events' || args[1] === 'filter-log-events') &&
    !hasLong(args, '--limit', '--max-items')
  ) {
    return {
      kind: 'unbounded-log',
      why: 'prints every log event',
      call: sandbox(ctx, `${ctx.text} --limit 100`),
      bytes: 200_000,
    };
  }
  if (args[0] === 'logs' && args[1] === 'tail' && hasLong(args, '--follow'))
    return {
      kind: 'follow',
      why: 'never stops printing new log lines',
      call: sandbox(ctx, ctx.text.replace(/\s+--follow\b/, '')),
      bytes: 100_000,
      endless: true,
    };
  return undefined;
};

const gcloud: Rule = (args, ctx) => {
  if (args[0] === 'logging' && args[1] === 'read' && !hasLong(args, '--limit'))
    return {
      kind: 'unbounded-log',
      why: 'prints every matching log entry',
      call: sandbox(ctx, `${ctx.text} --limit 100`),
      bytes: 200_000,
    };
  return undefined;
};

const helm: Rule = (args, ctx) => {
  if (args[0] === 'template' || (args[0] === 'get' && (args[1] === 'manifest' || args[1] === 'all'))) {
    if (hasLong(args, '--output-dir', '--show-only') || args.includes('-s')) return undefined;
    return {
      kind: 'manifest-dump',
      why: 'prints every rendered manifest',
      call: sandbox(ctx, undefined, 'the resources you need'),
      bytes: 100_000,
    };
  }
  return undefined;
};

const terraform: Rule = (args, ctx) => {
  if ((args[0] === 'show' && hasLong(args, '-json')) || (args[0] === 'state' && args[1] === 'pull')) {
    return {
      kind: 'manifest-dump',
      why: 'prints the whole state as JSON',
      call: sandbox(ctx, undefined, 'the resources you need'),
      bytes: 300_000,
    };
  }
  return undefined;
};

const followLogs =
  (flag: RegExp): Rule =>
  (args, ctx) =>
    args.some((a) => flag.test(a))
      ? {
          kind: 'follow',
          why: 'never stops printing new log lines',
          call: sandbox(ctx, ctx.text.replace(/\s+(--tail|-t|-f|--follow)\b/g, '')),
          bytes: 100_000,
          endless: true,
        }
      : undefined;

const pm2: Rule = (args, ctx) =>
  args[0] === 'logs' && !hasLong(args, '--nostream')
    ? {
        kind: 'follow',
        why: 'never stops printing new log lines',
        call: sandbox(ctx, `${ctx.text} --nostream --lines 100`),
        bytes: 100_000,
        endless: true,
      }
    : undefined;

const adb: Rule = (args, ctx) => {
  if (args[0] !== 'logcat') return undefined;
  if (hasShort(args, 't', 'vbefm') || hasShort(args, 'm', 'vbeft')) return undefined;
  return {
    kind: args.includes('-d') ? 'unbounded-log' : 'follow',
    why: 'prints the whole device log',
    call: sandbox(ctx, 'adb logcat -d -t 200'),
    bytes: 200_000,
    endless: !args.includes('-d'),
  };
};

const jq: Rule = (args, ctx) => {
  const pos = positionals(args, ['--arg', '--argjson', '-f', '--slurpfile', '--rawfile', '--indent']);
  const filter = pos[0];
  const files = pos.slice(1);
  if (!files.length || (filter !== '.' && filter !== '.[]')) return undefined;
  return catLike([])(files, ctx);
};

/** Line filters given a file print all of it (`sort big.log`, `awk '{print $1}' access.log`). */
const fileFilter: Rule = (args, ctx) => {
  const name = ctx.text.split(' ')[0];
  if (
    name === 'sed' &&
    args.some(
      (a) => a === '-i' || a.startsWith('-i') || a === '-n' || /^-[a-zA-Z]*n/.test(a) || /(^|;)\s*\d*q\b/.test(a),
    )
  )
    return undefined;
  const pos = positionals(args, [
    '-t',
    '-k',
    '-d',
    '-f',
    '-F',
    '-v',
    '-e',
    '-o',
    '-S',
    '-T',
    '--field-separator',
    '--output',
  ]);
  let files = pos;
  if (name === 'awk' || name === 'gawk' || name === 'sed') {
    const prog = args.includes('-e') || args.includes('-f') ? undefined : pos[0];
    // A leading pattern selects lines; only a whole-file action (`{ print … }`, `s/a/b/`) prints everything.
    if (
      (name !== 'sed' && prog !== undefined && !/^\s*(BEGIN\b|\{)/.test(prog)) ||
      (name !== 'sed' && prog && /\bexit\b|\bNR\s*[<>=]/.test(prog))
    )
      return undefined;
    files = prog === undefined ? pos : pos.slice(1);
  }
  return catLike([])(files, ctx);
};

const endlessUnless =
  (stop: (args: string[]) => boolean, why: string, fix: (ctx: RuleContext) => string): Rule =>
  (args, ctx) =>
    stop(args) ? undefined : { kind: 'follow', why, call: sandbox(ctx, fix(ctx)), bytes: 100_000, endless: true };

const man: Rule = (args, ctx) => {
  if (
    args.some((a) => ['-k', '-f', '-w', '--path', '--where', '--apropos', '--whatis'].includes(a)) ||
    positionals(args).length === 0
  )
    return undefined;
  return {
    kind: 'manual',
    why: 'prints the whole manual page',
    call: sandbox(ctx, `${ctx.text} | col -b | grep -n -A5 '<option or topic>' | head -60`),
    bytes: 150_000,
  };
};

const vcsLog: Rule = (args, ctx) => {
  if (args[0] !== 'log' || args.some((a) => /^(-l\d*|--limit(=.*)?|-r|--revision(=.*)?)$/.test(a))) return undefined;
  return {
    kind: 'git-log-unlimited',
    why: 'prints every commit of the history',
    call: sandbox(ctx, `${ctx.text} -l 50`),
    bytes: 60_000,
  };
};

/** `ls` as the plain rule sees it, plus listings of system directories that hold thousands of entries. */
const lsIncludingSystemDirs: Rule = (args, ctx) => {
  const flood = ls(args, ctx);
  if (flood) return flood;
  const dirs = positionals(args);
  if (dirs.some((d) => /^\/(usr\/(local\/)?(bin|lib|share|include)|proc|dev|sys)\/?$/.test(d))) {
    return {
      kind: 'recursive-listing',
      why: `lists thousands of entries in ${dirs.join(' ')}`,
      call: sandbox(ctx, `${ctx.text} | head -100`),
      bytes: 100_000,
    };
  }
  return undefined;
};

const locate: Rule = (args, ctx) => {
  if (
    hasShort(args, 'c', 'ldn') ||
    hasShort(args, 'l', 'dn') ||
    hasShort(args, 'n', 'dl') ||
    hasLong(args, '--count', '--limit', '--help', '--version', '--statistics')
  )
    return undefined;
  return positionals(args, ['-d', '--database']).length
    ? {
        kind: 'find-tree',
        why: 'prints every matching path on the machine',
        call: sandbox(ctx, `${ctx.text} | head -100`),
        bytes: 100_000,
      }
    : undefined;
};

const readelf: Rule = (args, ctx) =>
  args.some(
    (a) =>
      ['-a', '--all', '-s', '--syms', '--symbols', '-r', '--relocs', '-x', '--hex-dump', '-w', '--debug-dump'].includes(
        a,
      ) || /^-[a-zA-Z]*[asrw]/.test(a),
  )
    ? {
        kind: 'binary-dump',
        why: 'prints every symbol and section of the binary',
        call: sandbox(ctx, `${ctx.text} | head -100`),
        bytes: 300_000,
      }
    : undefined;

const nm: Rule = (args, ctx) => {
  const files = positionals(args, ['-t', '--radix', '--format', '-f']);
  const big = files.some(
    (f) => /\.(so(\.\d+)*|a|dylib|dll|node)$|^\/(usr\/)?(s?bin|lib)/.test(f) || (ctx.fileSize(f) ?? 0) > 256 * 1024,
  );
  return big
    ? {
        kind: 'binary-dump',
        why: 'prints every symbol of the library',
        call: sandbox(ctx, `${ctx.text} | grep -i '<symbol>' | head -50`),
        bytes: 300_000,
      }
    : undefined;
};

const mongoShell: Rule = (args, ctx) => {
  const code = optValue(args, [], ['--eval']) ?? '';
  return /\.find\s*\(/.test(code) && !/\.(limit|count|countDocuments|findOne|next|explain)\s*\(/.test(code)
    ? {
        kind: 'unbounded-query',
        why: 'prints every matching document',
        call: sandbox(ctx, undefined, 'the documents you need'),
        bytes: 200_000,
      }
    : undefined;
};

const toolchain: Record<string, Rule> = {
  curl,
  wget,
  http: httpie,
  https: httpie,
  xh: httpie,
  xhs: httpie,
  gh,
  git,
  find,
  ls: lsIncludingSystemDirs,
  tree,
  sort: fileFilter,
  uniq: fileFilter,
  cut: fileFilter,
  column: fileFilter,
  awk: fileFilter,
  gawk: fileFilter,
  sed: fileFilter,
  man,
  svn: vcsLog,
  hg: vcsLog,
  watch: (_args, ctx) => ({
    kind: 'follow',
    why: 'reruns the command until stopped',
    call: sandbox(ctx, ctx.text.replace(/^watch\s+(-n\s*\S+\s+|-\S+\s+)*/, '')),
    bytes: 100_000,
    endless: true,
  }),
  top: endlessUnless(
    (a) => a.some((x) => /^-[a-zA-Z]*n/.test(x)),
    'redraws until stopped',
    () => 'top -b -n 1 | head -30',
  ),
  htop: endlessUnless(
    () => false,
    'is interactive and never ends',
    () => 'top -b -n 1 | head -30',
  ),
  vmstat: endlessUnless(
    (a) => positionals(a).length !== 1,
    'prints a line every interval until stopped',
    (ctx) => `${ctx.text} 5`,
  ),
  iostat: endlessUnless(
    (a) => positionals(a).filter((x) => /^\d+$/.test(x)).length !== 1,
    'prints a report every interval until stopped',
    (ctx) => `${ctx.text} 5`,
  ),
  mpstat: endlessUnless(
    (a) => positionals(a).filter((x) => /^\d+$/.test(x)).length !== 1,
    'prints a report every interval until stopped',
    (ctx) => `${ctx.text} 5`,
  ),
  gsutil: (args, ctx) =>
    args[0] === 'ls' && (args.includes('-r') || args.includes('-R'))
      ? {
          kind: 'object-listing',
          why: 'lists every object in the bucket',
          call: sandbox(ctx, `${ctx.text} | head -100`),
          bytes: 200_000,
        }
      : undefined,
  fly: (args, ctx) =>
    args[0] === 'logs' && !hasLong(args, '--no-tail')
      ? {
          kind: 'follow',
          why: 'streams logs until stopped',
          call: sandbox(ctx, `${ctx.text} --no-tail`),
          bytes: 100_000,
          endless: true,
        }
      : undefined,
  flyctl: (args, ctx) =>
    args[0] === 'logs' && !hasLong(args, '--no-tail')
      ? {
          kind: 'follow',
          why: 'streams logs until stopped',
          call: sandbox(ctx, `${ctx.text} --no-tail`),
          bytes: 100_000,
          endless: true,
        }
      : undefined,
  supabase: (args, ctx) =>
    args[0] === 'db' && args[1] === 'dump' && !hasLong(args, '--file') && !args.includes('-f')
      ? {
          kind: 'database-dump',
          why: 'prints the whole database as SQL',
          call: sandbox(ctx, `${ctx.text} -f dump.sql && wc -c dump.sql`),
          bytes: 1_000_000,
        }
      : undefined,
  du,
  cat: catLike(['-s']),
  tac: catLike([]),
  less: catLike(['-p', '-x', '-y', '-z']),
  more: catLike([]),
  most: catLike([]),
  bat: catLike(['-l', '--language', '-r', '--line-range', '--style', '--theme', '-m']),
  batcat: catLike(['-l', '--language', '-r', '--line-range', '--style', '--theme', '-m']),
  nl: catLike([]),
  zcat: catLike([]),
  strings: catLike(['-n'], binaryVerdict),
  base64: catLike(['-w'], binaryVerdict),
  head: headTail('head'),
  tail: headTail('tail'),
  xxd: hexdump,
  hexdump,
  hd: hexdump,
  od: hexdump,
  objdump: (args, ctx) =>
    hasShort(args, 'd', '') || hasShort(args, 'D', '') || hasShort(args, 'S', '')
      ? {
          kind: 'binary-dump',
          why: 'disassembles the whole binary',
          call: sandbox(ctx, `${ctx.text} | head -200`),
          bytes: 500_000,
        }
      : undefined,
  grep: grepRecursive,
  egrep: grepRecursive,
  fgrep: grepRecursive,
  rg,
  ag: rg,
  ack: rg,
  locate,
  plocate: locate,
  mlocate: locate,
  readelf,
  nm,
  mongosh: mongoShell,
  mongo: mongoShell,
  sysctl: (args, ctx) =>
    args.includes('-a') || args.includes('--all') || args.includes('-A')
      ? {
          kind: 'package-list',
          why: 'prints every kernel parameter',
          call: sandbox(ctx, `${ctx.text} | grep '<name>'`),
          bytes: 60_000,
        }
      : undefined,
  pip: (args, ctx) =>
    args[0] === 'show' && (args.includes('-f') || args.includes('--files'))
      ? {
          kind: 'package-list',
          why: 'lists every file of the package',
          call: sandbox(ctx, `${ctx.text} | head -60`),
          bytes: 60_000,
        }
      : undefined,
  pip3: (args, ctx) =>
    args[0] === 'show' && (args.includes('-f') || args.includes('--files'))
      ? {
          kind: 'package-list',
          why: 'lists every file of the package',
          call: sandbox(ctx, `${ctx.text} | head -60`),
          bytes: 60_000,
        }
      : undefined,
  composer: (args, ctx) =>
    args[0] === 'show' && (args.includes('-t') || args.includes('--tree')) ? depTree(args, ctx) : undefined,
  npm: either(npmLs, packageView, packageSearchJson),
  pnpm: either(npmLs, packageView, packageSearchJson),
  yarn: either(yarn, packageView),
  cargo: either(cargo, cargoSearch),
  gem: gemSearch,
  'apt-cache': aptCache,
  brew: brewInfo,
  dnf: rpmRepoList,
  yum: rpmRepoList,
  microdnf: rpmRepoList,
  lynx: textBrowser,
  w3m: textBrowser,
  links: textBrowser,
  links2: textBrowser,
  elinks: textBrowser,
  'invoke-webrequest': powershellWeb,
  iwr: powershellWeb,
  'invoke-restmethod': powershellWeb,
  irm: powershellWeb,
  'get-content': powershellGetContent(catLike([])),
  gc: powershellGetContent(catLike([])),
  go,
  dpkg: packageList,
  rpm: packageList,
  apt: packageList,
  pg_dump: dbDump(['-f']),
  pg_dumpall: dbDump(['-f']),
  mysqldump: dbDump(['-r']),
  mariadb_dump: dbDump(['-r']),
  'mariadb-dump': dbDump(['-r']),
  sqlite3: sqlClient,
  psql: sqlClient,
  mysql: sqlClient,
  mariadb: sqlClient,
  'redis-cli': redisCli,
  mongoexport,
  docker,
  podman: docker,
  'docker-compose': (args, ctx) => (args[0] === 'logs' ? dockerLogs(args.slice(1), ctx) : undefined),
  kubectl,
  oc: kubectl,
  stern: endlessSource,
  kail: endlessSource,
  journalctl,
  dmesg,
  gradle: buildTool,
  gradlew: buildTool,
  mvn: buildTool,
  mvnw: buildTool,
  sbt: buildTool,
  strace: trace,
  ltrace: trace,
  tcpdump: trace,
  tshark: trace,
  lsof,
  ping,
  yes: endlessSource,
  seq,
  aws,
  gcloud,
  helm,
  terraform,
  heroku: followLogs(/^(--tail|-t)$/),
  pm2,
  adb,
  jq,
};

/** The first of several rules that finds a flood (`npm ls --all` and `npm view react` are different rules). */
function either(...rules: Rule[]): Rule {
  return (args, ctx) => {
    for (const rule of rules) {
      const flood = rule(args, ctx);
      if (flood) return flood;
    }
    return undefined;
  };
}

/** The flood this program invocation causes, if any (before considering pipes and redirects). */
export function floodOfProgram(argv: readonly string[], ctx: RuleContext): Flood | undefined {
  const [name, ...args] = argv;
  if (!name) return undefined;
  // `--version` / `--help` anywhere means the program prints a line or a page, never a flood.
  if (args.some((a) => a === '--version' || a === '--help' || a === '-version' || a === '-help')) return undefined;
  // PowerShell cmdlets are case-insensitive (`invoke-webrequest`, `Invoke-WebRequest`).
  const rule = toolchain[name] ?? (name.includes('-') ? toolchain[name.toLowerCase()] : undefined);
  return rule ? rule(args, ctx) : undefined;
}
