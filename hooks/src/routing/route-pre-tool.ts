import { isAbsolute, resolve } from 'node:path';
import { isExternalMcpTool, isOwnTool } from '@context-mode/shared/platforms/tool-names';
import { checkInsideProject } from '@context-mode/shared/policy/path-boundary';
import type { HostRecord } from '@context-mode/shared/platforms/types';
import { canonicalToolName, filePathOf, shellCommandOf, urlOf } from '../core/tool-aliases.js';
import type { Decision } from '../core/decision.js';
import {
  bashGuidanceText,
  echoCommand,
  externalMcpGuidanceText,
  grepGuidanceText,
  readGuidanceText,
  shellRedirectText,
  summarize,
  webFetchRedirectText,
} from './redirect-text.js';
import { isBoundedCommand } from './bounded-commands.js';
import { findShellFlood } from './shell-floods.js';
import { plainReadFiles } from './plain-read.js';
import { readSetting } from '@context-mode/shared/settings/settings';

/** Nudge memory across hook processes; routing asks, the caller remembers (state/guidance-throttle.ts). */
export interface NudgeGate {
  once(kind: string): boolean;
  every(kind: string, n: number): boolean;
}

export interface RouteInput {
  toolName: string;
  toolInput?: Record<string, unknown>;
  host?: HostRecord;
  projectDir: string;
  sessionId: string;
  isSubagent: boolean;
  /** A live context-mode server serves this project: without one, a redirect would point at tools that are not there. */
  serverLive: boolean;
  env: NodeJS.ProcessEnv;
  /** Nudge throttle; without one, routing gives no nudges (it stays pure). */
  nudge?: NudgeGate;
  /**
   * Size of an absolute path on disk: bytes of a file, FILE_MISSING when nothing is there, undefined when unknown
   * (a directory, no permission). Without a probe, sizes are unknown.
   */
  fileSize?: (absPath: string) => number | undefined;
}

/** What the size probe answers for a path where nothing exists. */
export const FILE_MISSING = -1;

/** A command that changes directory first may name a relative path that exists elsewhere than the project. */
const CHANGES_DIR = /(^|[;&|(\n]\s*)(cd|pushd)\s/;

/** Files above this size get read guidance (docs/hosts.md#tool-names-and-routing). */
const READ_GUIDANCE_BYTES = 50_000;

const NONE: Decision = { action: 'none' };

function nudgeEvery(env: NodeJS.ProcessEnv): number {
  return readSetting('externalMcpNudgeEvery', env);
}

/**
 * PreToolUse routing: one tool call → one Decision. Pure apart from the injected nudge gate and file-size
 * probe. Redirects happen only when a live server can take the call, and subagents always pass through
 * (their MCP tools may not be wired).
 */
export function routePreToolUse(input: RouteInput): Decision {
  const { host, env } = input;
  if (input.isSubagent || !input.serverLive) return NONE;
  const name = input.toolName;
  if (isOwnTool(name)) return NONE;
  const tool = canonicalToolName(name);
  const expandHome = (p: string): string => (p.startsWith('~/') && env.HOME ? `${env.HOME}${p.slice(1)}` : p);
  const absolute = (p: string): string =>
    isAbsolute(expandHome(p)) ? expandHome(p) : resolve(input.projectDir, expandHome(p));
  // After a `cd`, a relative path may name a file anywhere: neither its size nor its place is known.
  const relativeAfterCd = (p: string): boolean =>
    !isAbsolute(expandHome(p)) && CHANGES_DIR.test(shellCommandOf(input.toolInput)?.value ?? '');
  // Whether ctx_index and ctx_execute_file will take the path (the server applies the same boundary check).
  const insideProject = (p: string): boolean =>
    !relativeAfterCd(p) && checkInsideProject(absolute(p), input.projectDir).ok;
  const sizeOf = (p: string): number | undefined => {
    if (!input.fileSize) return undefined;
    const size = input.fileSize(absolute(p));
    if (size !== FILE_MISSING) return size;
    // A file that is not there prints one error line, not a flood: nothing to redirect and no saving to estimate.
    return relativeAfterCd(p) ? undefined : 0;
  };

  switch (tool) {
    case 'Bash': {
      const cmd = shellCommandOf(input.toolInput);
      if (!cmd) return NONE;
      const flood = findShellFlood(cmd.value, { fileSize: sizeOf, insideProject });
      if (flood) {
        const reason = shellRedirectText(host, cmd.value, flood);
        const reads = plainReadFiles(cmd.value);
        const plainRead =
          reads && reads.every((f) => insideProject(f) && (sizeOf(f) ?? 0) > 0) ? reads.map(absolute) : undefined;
        return {
          action: 'modify',
          updatedInput: { ...input.toolInput, [cmd.field]: echoCommand(reason) },
          reason,
          meta: { tool: 'Bash', type: 'bash-redirected', bytesAvoided: flood.bytes, summary: summarize(cmd.value) },
          ...(plainRead ? { plainRead } : {}),
        };
      }
      if (!isBoundedCommand(cmd.value, env) && input.nudge?.once('bash')) {
        return { action: 'context', additionalContext: bashGuidanceText(host) };
      }
      return NONE;
    }
    case 'Read': {
      const path = filePathOf(input.toolInput);
      if (!path) return NONE;
      const ranged = input.toolInput && (input.toolInput.limit !== undefined || input.toolInput.offset !== undefined);
      const size = sizeOf(path);
      if (size !== undefined && size > READ_GUIDANCE_BYTES && !ranged) {
        return {
          action: 'context',
          additionalContext: readGuidanceText(host, path, size, insideProject(path)),
          meta: { tool: 'Read', type: 'read-redirected', bytesAvoided: size, summary: summarize(path) },
        };
      }
      return NONE;
    }
    case 'Grep':
      return input.nudge?.once('grep') ? { action: 'context', additionalContext: grepGuidanceText(host) } : NONE;
    case 'WebFetch': {
      const url = urlOf(input.toolInput);
      if (!url) return NONE;
      return {
        action: 'deny',
        reason: webFetchRedirectText(host, url),
        meta: { tool: 'WebFetch', type: 'webfetch-redirected', bytesAvoided: 16_384, summary: summarize(url) },
      };
    }
    default:
      if (isExternalMcpTool(name) && input.nudge?.every('external-mcp', nudgeEvery(env))) {
        return { action: 'context', additionalContext: externalMcpGuidanceText(host, name) };
      }
      return NONE;
  }
}
