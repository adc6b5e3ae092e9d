import type { ExtractedEvent } from './event-types.js';
import { MAX_EVENT_DATA } from './event-types.js';
import { redactText } from '../policy/redact.js';

// Host-generated text that arrives through the prompt hook but was not typed by the user.
const SYNTHETIC =
  /^\s*<(task-notification|system-reminder|context_guidance|tool-result|session_resume|command-name|local-command-stdout)\b/;

// Context a hook gave the host, passed back inside the prompt: Gemini CLI 0.61.0 prepends SessionStart context to
// the first user turn as `<hook_context>…</hook_context>` (HTML-escaped, so the closing tag cannot occur inside)
// and hands BeforeAgent that whole text as `prompt` (test/hosts/gemini-cli.test.ts). Ours, not the user's.
const HOOK_CONTEXT = /<hook_context>[\s\S]*?<\/hook_context>/g;

const GOAL = /^\s*(?:\/goal\s+|(?:goal|objective)\s*:\s*)(.+)$/im;
const PLAN = /^\s*\/plan\b\s*(.*)$/is;
const BLOCKER =
  /(\bError:|\bException:|Traceback \(most recent call last\)|^\s+at .+\(.+:\d+:\d+\)|^\s*File ".+", line \d+)/m;
const RESOLVED = /^\s*([✓✔✅☑🎉]|(fixed|resolved)\s*:)/iu;
// Standing instructions: they must survive compaction exactly like a rules file.
const RULE = /^\s*(?:please\s+)?(always|never|from now on|don'?t ever|do not ever|you must|you are an?|act as)\b/i;
// A choice between options, stated as settled: "let's use X", "go with X", "use X instead of Y".
const DECISION =
  /\b(let'?s (use|go with|keep|switch to|do)|we('ll| will)? (use|go with|keep|switch to)|go with|decided|decision:|instead of|rather than|prefer\b|stick with|switch to)\b/i;
const CONSTRAINT =
  /\b(must not|mustn'?t|do not|don'?t|cannot|can'?t|only (use|touch|change|edit)|without (changing|touching|breaking)|no (new )?dependencies|keep .+ (unchanged|backwards?[- ]compatible))\b/i;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  const m = /^(.+?[.!?])(\s|$)/.exec(line);
  return (m ? m[1]! : line).trim();
}

/**
 * Memory events implied by a user prompt. The prompt itself is always kept (highest priority); goals,
 * decisions, standing rules, constraints and blockers are pulled out so a resume snapshot can name them
 * without replaying every message.
 */
export function extractPromptEvents(prompt: string | undefined): ExtractedEvent[] {
  if (typeof prompt !== 'string') return [];
  const text = prompt
    .replace(/^\uFEFF/, '')
    .replace(HOOK_CONTEXT, '')
    .trim();
  if (!text || SYNTHETIC.test(text)) return [];
  const masked = redactText(text);
  const events: ExtractedEvent[] = [
    { category: 'user-prompt', type: 'user_prompt', priority: 4, data: clip(masked, MAX_EVENT_DATA) },
  ];
  const goal = GOAL.exec(masked);
  if (goal) events.push({ category: 'goal', type: 'goal', priority: 4, data: clip(goal[1]!.trim(), 400), key: 'goal' });
  const plan = PLAN.exec(masked);
  if (plan)
    events.push({
      category: 'plan',
      type: 'plan_enter',
      priority: 2,
      data: clip(plan[1]!.trim() || 'plan mode', 400),
      key: 'plan',
    });
  if (BLOCKER.test(masked)) {
    const line = masked.split('\n').find((l) => BLOCKER.test(l)) ?? masked;
    events.push({ category: 'blocker', type: 'blocker', priority: 3, data: clip(line.trim(), 300), key: 'blocker' });
  } else if (RESOLVED.test(masked)) {
    events.push({
      category: 'blocker',
      type: 'blocker_resolved',
      priority: 3,
      data: clip(firstSentence(masked), 300),
      key: 'blocker',
    });
  }
  const sentence = firstSentence(masked);
  if (!goal && sentence.length >= 8 && sentence.length <= 300) {
    if (RULE.test(sentence)) {
      events.push({
        category: 'rule',
        type: 'user_rule',
        priority: 4,
        data: sentence,
        key: `rule:${sentence.toLowerCase()}`,
      });
    } else if (DECISION.test(sentence) && !/[?？¿؟]\s*$/.test(sentence)) {
      events.push({
        category: 'decision',
        type: 'decision',
        priority: 4,
        data: sentence,
        key: `decision:${sentence.toLowerCase()}`,
      });
    } else if (CONSTRAINT.test(sentence) && !/[?？¿؟]\s*$/.test(sentence)) {
      events.push({
        category: 'constraint',
        type: 'constraint',
        priority: 3,
        data: sentence,
        key: `constraint:${sentence.toLowerCase()}`,
      });
    }
  }
  return events;
}
