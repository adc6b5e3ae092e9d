/**
 * The one shell reader of the engine (hook routing, permission rules, session memory): enough POSIX-shell
 * structure to know which programs a command line runs, with which arguments, where their stdout goes, and
 * which text is data (quoted strings, heredoc bodies, comments) rather than commands. Command substitutions
 * are kept as text for whoever must look inside them (the permission check). It never executes or expands
 * anything and never throws.
 */

interface Redirect {
  /** The file descriptor redirected (1 = stdout, 2 = stderr; `&>` counts as 1). */
  fd: number;
  op: '>' | '>>' | '<' | '<<' | '<<<' | '>&';
  target: string;
}

export interface SimpleCommand {
  /** Words with quotes removed; `$(…)` and backquoted substitutions appear as a literal `$(…)`. */
  words: string[];
  redirects: Redirect[];
  /** Body of a heredoc fed to this command, if any. */
  heredoc?: string;
  /** Scripts of the command and process substitutions in its words (`$(…)`, `…`, `<(…)`), in order. */
  substitutions?: string[];
}

/** Commands joined by `|`: each one's stdout feeds the next. */
export interface Pipeline {
  commands: SimpleCommand[];
}

type Token =
  | { t: 'word'; v: string; subs?: string[] }
  | { t: 'op'; v: string }
  | { t: 'redir'; fd: number; op: Redirect['op']; both?: boolean };

const SEPARATORS = new Set([';', '&&', '||', '&', '|', '|&', '\n', '(', ')', ';;']);

function skipBalanced(s: string, i: number, open: string, close: string): number {
  // i points just past the opening character; returns the index just past the matching close.
  let depth = 1;
  while (i < s.length && depth > 0) {
    const c = s[i]!;
    if (c === '\\') i += 2;
    else if (c === "'") {
      const j = s.indexOf("'", i + 1);
      i = j < 0 ? s.length : j + 1;
    } else if (c === '"') {
      i++;
      while (i < s.length && s[i] !== '"') i += s[i] === '\\' ? 2 : 1;
      i++;
    } else {
      if (c === open) depth++;
      else if (c === close) depth--;
      i++;
    }
  }
  return i;
}

interface PendingHeredoc {
  delimiter: string;
  stripTabs: boolean;
  /** Index in the token list of the `<<` redirect, to attach the body to. */
  tokenIndex: number;
}

/** Splits a command line into tokens; heredoc bodies are returned separately, keyed by their `<<` token. */
function tokenize(src: string): { tokens: Token[]; bodies: Map<number, string> } {
  const tokens: Token[] = [];
  const bodies = new Map<number, string>();
  const pending: PendingHeredoc[] = [];
  let i = 0;
  let word: string | undefined;
  let subs: string[] = [];
  const push = (): void => {
    if (word !== undefined) tokens.push(subs.length ? { t: 'word', v: word, subs } : { t: 'word', v: word });
    word = undefined;
    subs = [];
  };
  const add = (s: string): void => {
    word = (word ?? '') + s;
  };

  const readHeredocBodies = (): void => {
    // Called at a newline: consume each pending heredoc body line by line.
    for (const h of pending.splice(0)) {
      const lines: string[] = [];
      while (i < src.length) {
        let end = src.indexOf('\n', i);
        if (end < 0) end = src.length;
        let line = src.slice(i, end).replace(/\r$/, '');
        i = end + 1;
        if (h.stripTabs) line = line.replace(/^\t+/, '');
        if (line === h.delimiter) break;
        lines.push(line);
      }
      bodies.set(h.tokenIndex, lines.join('\n'));
    }
  };

  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\') {
      if (src[i + 1] === '\n')
        i += 2; // line continuation
      else if (src[i + 1] === '\r' && src[i + 2] === '\n') i += 3;
      else {
        add(src[i + 1] ?? '');
        i += 2;
      }
      continue;
    }
    if (c === "'") {
      const j = src.indexOf("'", i + 1);
      add(j < 0 ? src.slice(i + 1) : src.slice(i + 1, j));
      i = j < 0 ? src.length : j + 1;
      continue;
    }
    if (c === '$' && src[i + 1] === "'") {
      let j = i + 2;
      let v = '';
      while (j < src.length && src[j] !== "'") {
        if (src[j] === '\\' && j + 1 < src.length) {
          const e = src[j + 1]!;
          v += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
        } else v += src[j++];
      }
      add(v);
      i = j + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let v = '';
      while (j < src.length && src[j] !== '"') {
        if (src[j] === '\\' && j + 1 < src.length && '"\\$`\n'.includes(src[j + 1]!)) {
          if (src[j + 1] !== '\n') v += src[j + 1];
          j += 2;
        } else if (src[j] === '$' && src[j + 1] === '(') {
          // Substitutions run inside double quotes too.
          const end = skipBalanced(src, j + 2, '(', ')');
          subs.push(src.slice(j + 2, Math.max(j + 2, end - 1)));
          v += '$(…)';
          j = end;
        } else if (src[j] === '`') {
          const end = src.indexOf('`', j + 1);
          subs.push(end < 0 ? src.slice(j + 1) : src.slice(j + 1, end));
          v += '$(…)';
          j = end < 0 ? src.length : end + 1;
        } else v += src[j++];
      }
      add(v);
      i = j + 1;
      continue;
    }
    if (c === '$' && src[i + 1] === '(') {
      const end = skipBalanced(src, i + 2, '(', ')');
      subs.push(src.slice(i + 2, Math.max(i + 2, end - 1)));
      add('$(…)');
      i = end;
      continue;
    }
    if (c === '`') {
      const j = src.indexOf('`', i + 1);
      subs.push(j < 0 ? src.slice(i + 1) : src.slice(i + 1, j));
      add('$(…)');
      i = j < 0 ? src.length : j + 1;
      continue;
    }
    if ((c === '<' || c === '>') && src[i + 1] === '(') {
      // Process substitution: its command's output feeds an argument, not our stdout.
      const end = skipBalanced(src, i + 2, '(', ')');
      subs.push(src.slice(i + 2, Math.max(i + 2, end - 1)));
      i = end;
      add('/dev/fd/63');
      continue;
    }
    if (c === '#' && word === undefined) {
      const j = src.indexOf('\n', i);
      i = j < 0 ? src.length : j;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      push();
      i++;
      continue;
    }
    if (c === '\n') {
      push();
      tokens.push({ t: 'op', v: '\n' });
      i++;
      if (pending.length) readHeredocBodies();
      continue;
    }
    // Redirections, with an optional fd number written right before them.
    if (c === '>' || c === '<' || (c === '&' && src[i + 1] === '>')) {
      let fd = c === '<' ? 0 : 1;
      if (word !== undefined && /^\d+$/.test(word)) {
        fd = Number(word);
        word = undefined;
      } else push();
      let op: Redirect['op'];
      let both = false;
      if (c === '&') {
        both = true;
        op = src[i + 2] === '>' ? '>>' : '>';
        i += op === '>>' ? 3 : 2;
      } else if (src.startsWith('<<<', i)) {
        op = '<<<';
        i += 3;
      } else if (src.startsWith('<<', i)) {
        op = '<<';
        i += 2;
        const stripTabs = src[i] === '-';
        if (stripTabs) i++;
        tokens.push({ t: 'redir', fd, op });
        // Read the delimiter word now (quotes removed).
        while (src[i] === ' ' || src[i] === '\t') i++;
        let delim = '';
        while (i < src.length && !/[\s;&|<>()]/.test(src[i]!)) {
          const d = src[i]!;
          if (d === "'" || d === '"') {
            const j = src.indexOf(d, i + 1);
            delim += j < 0 ? src.slice(i + 1) : src.slice(i + 1, j);
            i = j < 0 ? src.length : j + 1;
          } else if (d === '\\') {
            delim += src[i + 1] ?? '';
            i += 2;
          } else delim += src[i++];
        }
        tokens.push({ t: 'word', v: delim });
        pending.push({ delimiter: delim, stripTabs, tokenIndex: tokens.length - 2 });
        continue;
      } else if (src.startsWith('>>', i)) {
        op = '>>';
        i += 2;
      } else if (src.startsWith('>&', i) || src.startsWith('<&', i)) {
        op = '>&';
        i += 2;
      } else if (src.startsWith('>|', i)) {
        op = '>';
        i += 2;
      } else {
        op = c === '<' ? '<' : '>';
        i += 1;
      }
      tokens.push({ t: 'redir', fd, op, both });
      continue;
    }
    // Control operators.
    const two = src.slice(i, i + 2);
    if (two === '&&' || two === '||' || two === '|&' || two === ';;') {
      push();
      tokens.push({ t: 'op', v: two });
      i += 2;
      continue;
    }
    if (c === '|' || c === ';' || c === '&' || c === '(' || c === ')') {
      push();
      tokens.push({ t: 'op', v: c });
      i++;
      continue;
    }
    add(c);
    i++;
  }
  push();
  return { tokens, bodies };
}

/** Parses a command line into pipelines (separated by `;`, `&&`, `||`, `&`, newlines and parentheses). */
export function parseShell(src: string): Pipeline[] {
  let tokenized: ReturnType<typeof tokenize>;
  try {
    tokenized = tokenize(src);
  } catch {
    return [];
  }
  const { tokens, bodies } = tokenized;
  const pipelines: Pipeline[] = [];
  let current: SimpleCommand = { words: [], redirects: [] };
  let pipeline: Pipeline = { commands: [] };
  const endCommand = (): void => {
    if (current.words.length || current.redirects.length) pipeline.commands.push(current);
    current = { words: [], redirects: [] };
  };
  const endPipeline = (): void => {
    endCommand();
    if (pipeline.commands.length) pipelines.push(pipeline);
    pipeline = { commands: [] };
  };
  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k]!;
    if (tok.t === 'word') {
      current.words.push(tok.v);
      if (tok.subs) (current.substitutions ??= []).push(...tok.subs);
    } else if (tok.t === 'redir') {
      const next = tokens[k + 1];
      const target = next && next.t === 'word' ? next.v : '';
      if (next && next.t === 'word') k++;
      current.redirects.push({ fd: tok.fd, op: tok.op, target });
      if (tok.both) current.redirects.push({ fd: 2, op: tok.op, target });
      if (tok.op === '<<') current.heredoc = bodies.get(k - 1) ?? '';
    } else if (tok.v === '|' || tok.v === '|&') {
      if (tok.v === '|&') current.redirects.push({ fd: 2, op: '>&', target: '1' });
      endCommand();
    } else if (SEPARATORS.has(tok.v)) {
      endPipeline();
    }
  }
  endPipeline();
  return pipelines;
}

/** True when stdout of this command goes to a file or /dev/null rather than onward. */
export function stdoutRedirected(cmd: SimpleCommand): boolean {
  return cmd.redirects.some(
    (r) => r.fd === 1 && (r.op === '>' || r.op === '>>') && r.target !== '/dev/stdout' && r.target !== '/dev/stderr',
  );
}

/** True when stderr of this command is discarded or sent to a file (not merged into stdout). */
export function stderrRedirected(cmd: SimpleCommand): boolean {
  return cmd.redirects.some((r) => r.fd === 2 && (r.op === '>' || r.op === '>>'));
}
