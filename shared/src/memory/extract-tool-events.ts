import { classifyTool, COMMAND_FIELDS, PATH_FIELDS, pick } from './classify-tool.js';
import type { ExtractedEvent } from './event-types.js';
import { redactShellAssignments, redactText } from '../policy/redact.js';
import { shellCommandEvents } from './shell-command-events.js';
import { responseSaysError, responseText } from './response-text.js';

/** A finished tool call as the post-tool hook sees it (names normalised by the hook runtime). */
export interface ToolCallInput {
  toolName?: string;
  toolInput?: Record<string, unknown>;
  toolResponse?: unknown;
  isError?: boolean;
}

export interface ToolExtraction {
  events: ExtractedEvent[];
  /**
   * What the call was about (`shell:npm test`, `file:/a.ts`), and whether it failed. A later success with the
   * same key resolves the error; the store decides that against what it already holds.
   */
  call?: { key: string; failed: boolean; label: string };
}

// Instruction and memory files: their content is a rule set the agent must keep following after compaction.
const RULE_FILE =
  /(^|[\\/])((CLAUDE|AGENTS|AGENTS\.override|GEMINI|QWEN|KIRO|SYSTEM)\.md|copilot-instructions\.md|[^\\/]+\.instructions\.md|[^\\/]+\.mdc)$|[\\/]\.claude[\\/]|[\\/]memor(y|ies)[\\/][^\\/]+\.md$/i;

const ERROR_LINE =
  /(\berror\b[:\s]|\bERR!|exception|traceback|\bFAIL(ED)?\b|panic:|fatal:|exit code [1-9]|command not found|no such file)/i;
const SHELL_FAILED = /exit code [1-9]|\berror:|\bError:|\bFAIL\b|\bfailed\b/;
const CONSTRAINT =
  /(not supported|unsupported|cannot|can't|refused|permission denied|incompatible|not allowed|read-only file system|EACCES|EPERM)/i;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function errorExcerpt(text: string): string {
  const lines = text.split('\n').filter((l) => ERROR_LINE.test(l));
  const chosen = (lines.length ? lines : text.split('\n').filter((l) => l.trim())).slice(0, 3);
  return clip(oneLine(redactText(chosen.join(' | '))), 300);
}

function patchFiles(patch: string): Array<{ op: 'file_write' | 'file_edit'; path: string }> {
  const out: Array<{ op: 'file_write' | 'file_edit'; path: string }> = [];
  for (const m of patch.matchAll(/^\*\*\* (Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)) {
    if (m[3]) out.push({ op: 'file_write', path: m[3].trim() });
    else out.push({ op: m[1] === 'Add' ? 'file_write' : 'file_edit', path: m[2]!.trim() });
  }
  return out;
}

function todoLine(items: unknown[]): string {
  const mark: Record<string, string> = {
    completed: '✓',
    done: '✓',
    in_progress: '▶',
    'in-progress': '▶',
    pending: '☐',
    'not-started': '☐',
    cancelled: '✗',
  };
  return items
    .map((t) => {
      const o = (t ?? {}) as Record<string, unknown>;
      const text = String(o.content ?? o.title ?? o.description ?? o.subject ?? '').trim();
      const status = String(o.status ?? 'pending');
      return text ? `${mark[status] ?? '☐'} ${clip(oneLine(text), 80)}` : '';
    })
    .filter(Boolean)
    .join('; ');
}

function firstArg(input: Record<string, unknown> | undefined): string {
  if (!input) return '';
  for (const v of Object.values(input)) {
    if (typeof v === 'string') return clip(oneLine(redactText(v)), 100);
  }
  return '';
}

/**
 * Memory events implied by one finished tool call. Pure: the same input always gives the same events, and
 * nothing here reads the disk or the clock.
 */
export function extractToolEvents(call: ToolCallInput): ToolExtraction {
  const name = call.toolName ?? '';
  const input = call.toolInput ?? {};
  const kind = classifyTool(name);
  const events: ExtractedEvent[] = [];
  const path = pick(input, ...PATH_FIELDS);
  const text = responseText(call.toolResponse);
  const failed = call.isError === true || responseSaysError(call.toolResponse);
  let callInfo: ToolExtraction['call'];

  switch (kind) {
    case 'shell': {
      const rawCommand = COMMAND_FIELDS.map((f) => input[f]).find((v) => typeof v === 'string' || Array.isArray(v));
      // Some hosts send argv arrays (Codex: ["bash", "-lc", "<script>"]); the script is what was run.
      const argv = Array.isArray(rawCommand) ? rawCommand.filter((a): a is string => typeof a === 'string') : undefined;
      const command = argv
        ? argv.length >= 3 && /(^|\/)(ba|z|da)?sh$/.test(argv[0]!) && /^-l?c$/.test(argv[1]!)
          ? argv.slice(2).join(' ')
          : argv.join(' ')
        : typeof rawCommand === 'string'
          ? rawCommand
          : '';
      if (!command) break;
      const masked = clip(oneLine(redactShellAssignments(command)), 160);
      const head = oneLine(command).split(' ').slice(0, 2).join(' ');
      events.push(...shellCommandEvents(command));
      // Our own redirect echoes look like failures to a regex; they are guidance, not errors.
      const isRedirectEcho = /^context-mode:/m.test(text.slice(0, 200));
      const shellFailed = failed || (!isRedirectEcho && SHELL_FAILED.test(text.slice(0, 16_384)));
      callInfo = { key: `shell:${head}`, failed: shellFailed, label: masked };
      if (shellFailed) {
        events.push({
          category: 'error',
          type: 'error_tool',
          priority: 3,
          data: `${masked} → ${errorExcerpt(text)}`,
          key: callInfo.key,
        });
        const c = CONSTRAINT.exec(text);
        if (c) {
          const at = c.index;
          events.push({
            category: 'constraint',
            type: 'constraint_discovered',
            priority: 3,
            data: clip(oneLine(redactText(text.slice(Math.max(0, at - 50), at + 200))), 260),
            key: `constraint:${c[1]!.toLowerCase()}`,
          });
        }
      }
      break;
    }
    case 'read': {
      if (!path) break;
      if (RULE_FILE.test(path)) {
        // Rules are referenced, never inlined: the snapshot names the file and how to retrieve it.
        const heading = /^#+\s*(.+)$/m.exec(text)?.[1];
        events.push({
          category: 'rule',
          type: 'rule_file',
          priority: 4,
          data: heading ? `${path} — ${clip(heading, 80)}` : path,
          key: `rule:${path}`,
        });
      } else {
        events.push({ category: 'file', type: 'file_read', priority: 2, data: path, key: `file:${path}` });
      }
      callInfo = { key: `file:${path}`, failed, label: `read ${path}` };
      break;
    }
    case 'edit':
    case 'write': {
      const files = path
        ? [path]
        : Array.isArray(input.files)
          ? input.files.filter((f): f is string => typeof f === 'string')
          : [];
      for (const f of files) {
        events.push({
          category: 'file',
          type: kind === 'edit' ? 'file_edit' : 'file_write',
          priority: 3,
          data: f,
          key: `file:${f}`,
        });
      }
      if (files[0]) callInfo = { key: `file:${files[0]}`, failed, label: `${kind} ${files[0]}` };
      break;
    }
    case 'patch': {
      const patch =
        typeof input.input === 'string'
          ? input.input
          : typeof input.patch === 'string'
            ? input.patch
            : (pick(input, 'command') ?? '');
      for (const f of patchFiles(patch))
        events.push({ category: 'file', type: f.op, priority: 3, data: f.path, key: `file:${f.path}` });
      break;
    }
    case 'search': {
      const pattern = pick(input, 'pattern', 'query', 'glob', 'regex', 'includePattern');
      const where = path ?? pick(input, 'dir_path', 'directory', 'include');
      if (pattern || where) {
        events.push({
          category: 'file',
          type: 'file_search',
          priority: 1,
          data: clip(`${pattern ?? ''}${where ? ` in ${where}` : ''}`.trim(), 200),
          key: `search:${pattern ?? where}`,
        });
      }
      break;
    }
    case 'web': {
      const target = pick(input, 'url', 'URL', 'Url', 'query', 'prompt');
      if (target)
        events.push({
          category: 'web',
          type: 'web',
          priority: 1,
          data: clip(redactText(target), 300),
          key: `web:${target}`,
        });
      break;
    }
    case 'todo': {
      const items = [input.todos, input.todoList, input.plan].find(Array.isArray) as unknown[] | undefined;
      if (items?.length)
        events.push({
          category: 'task',
          type: 'task_list',
          priority: 3,
          data: clip(todoLine(items), 800),
          key: 'todos',
        });
      break;
    }
    case 'task-create': {
      const subject = pick(input, 'subject', 'title', 'description', 'content') ?? '';
      if (subject)
        events.push({
          category: 'task',
          type: 'task_create',
          priority: 3,
          data: `☐ ${clip(oneLine(subject), 200)}`,
          key: `task:${subject}`,
        });
      break;
    }
    case 'task-update': {
      const id = pick(input, 'taskId', 'id', 'task_id') ?? '';
      const status = pick(input, 'status') ?? 'updated';
      events.push({
        category: 'task',
        type: 'task_update',
        priority: 3,
        data: `task ${id}: ${status}`,
        key: `task-id:${id}`,
      });
      break;
    }
    case 'plan-enter':
      events.push({ category: 'plan', type: 'plan_enter', priority: 2, data: 'entered plan mode', key: 'plan' });
      break;
    case 'plan-exit': {
      const plan = pick(input, 'plan') ?? '';
      events.push({
        category: 'plan',
        type: 'plan_exit',
        priority: 3,
        data: plan ? clip(oneLine(plan), 400) : 'left plan mode',
        key: 'plan',
      });
      break;
    }
    case 'skill': {
      const skill = pick(input, 'skill', 'name', 'command');
      if (skill) events.push({ category: 'skill', type: 'skill', priority: 2, data: skill, key: `skill:${skill}` });
      break;
    }
    case 'subagent': {
      const what = pick(input, 'description', 'prompt', 'task', 'query') ?? '';
      const type = pick(input, 'subagent_type', 'agentName', 'agent');
      const result = text ? ` → ${clip(oneLine(redactText(text)), 200)}` : '';
      events.push({
        category: 'subagent',
        type: 'subagent',
        priority: 2,
        data: clip(`${type ? `${type}: ` : ''}${oneLine(what)}${result}`, 400),
        key: `subagent:${what.slice(0, 60)}`,
      });
      break;
    }
    case 'question': {
      const qs = Array.isArray(input.questions) ? (input.questions as Array<Record<string, unknown>>) : [];
      const question =
        qs
          .map((q) => String(q.question ?? ''))
          .filter(Boolean)
          .join(' / ') ||
        pick(input, 'question') ||
        '';
      const answers = (call.toolResponse as Record<string, unknown> | undefined)?.answers;
      const answer =
        answers && typeof answers === 'object'
          ? Object.values(answers as Record<string, unknown>)
              .map(String)
              .join(' / ')
          : oneLine(text);
      if (question)
        events.push({
          category: 'decision',
          type: 'decision_question',
          priority: 4,
          data: clip(`Q: ${oneLine(question)} → A: ${clip(answer, 200)}`, 500),
          key: `q:${question.slice(0, 80)}`,
        });
      break;
    }
    case 'worktree-enter':
    case 'worktree-exit': {
      const where = pick(input, 'path', 'name', 'branch') ?? '';
      events.push({
        category: 'env',
        type: kind === 'worktree-enter' ? 'worktree' : 'worktree_exit',
        priority: 2,
        data: `${kind === 'worktree-enter' ? 'entered' : 'left'} worktree ${where}`.trim(),
        key: 'worktree',
      });
      break;
    }
    case 'mcp': {
      events.push({
        category: 'mcp',
        type: 'mcp_call',
        priority: 1,
        data: clip(`${name}: ${firstArg(input)}`, 200),
        key: `mcp:${name}`,
      });
      break;
    }
    default:
      break;
  }

  if (kind !== 'shell' && failed && callInfo === undefined) callInfo = { key: `tool:${name}`, failed, label: name };
  if (kind !== 'shell' && failed && callInfo) {
    events.push({
      category: 'error',
      type: 'error_tool',
      priority: 3,
      data: `${clip(callInfo.label, 160)} → ${errorExcerpt(text)}`,
      key: callInfo.key,
    });
  }
  // Keys are stored too (the spool file, then memory.db): a key made of a command's first words or a URL can
  // carry a secret (`shell:PGPASSWORD=… psql`), so keys go through the same redactor as the data.
  const redactedEvents = events.map((e) => (e.key ? { ...e, key: redactText(e.key) } : e));
  return callInfo
    ? { events: redactedEvents, call: { ...callInfo, key: redactText(callInfo.key) } }
    : { events: redactedEvents };
}
