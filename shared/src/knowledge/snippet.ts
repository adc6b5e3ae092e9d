import { prefixWithinBytes, utf8Length } from './chunkers/chunk.js';

/**
 * The longest start of `text` within `maxBytes` that ends at a line end, or failing that at a space, so a cut
 * never leaves half an identifier or half a list item. Only text with no break at all is cut mid-word.
 */
function wholePrefix(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  const piece = prefixWithinBytes(text, Math.max(0, maxBytes));
  const line = piece.lastIndexOf('\n');
  // A line end is preferred when it keeps most of the room; a long paragraph is cut between words instead.
  if (line > piece.length * 0.6) return piece.slice(0, line).trimEnd();
  const space = piece.search(/\s\S*$/);
  return space > 0 ? piece.slice(0, space).trimEnd() : piece;
}

/** A line, or a sentence of a long prose line: what a snippet is built from, so nothing is cut mid-item. */
interface Unit {
  start: number;
  end: number;
  line: number;
  bytes: number;
  score: number;
  terms: number[];
  /** Inside a fenced code block (its fence lines included). */
  code: boolean;
}

/** Prose lines longer than this are split into sentences. */
const SENTENCE_SPLIT_BYTES = 160;
/** Longer sentences are cut at spaces into pieces of at most this many characters. */
const MAX_UNIT_CHARS = 240;
/** Context value of a unit next to a taken one, as a share of that unit's weight (see buildSnippet). */
const CONTEXT_HEAD = 0.2;
const CONTEXT_AFTER = 0.2;
const CONTEXT_BEFORE = 0.1;
/** …and how much of it passes on to the next unit out along a run of context. */
const CONTEXT_DECAY = 0.7;
/**
 * A unit at least this long whose exact text is already in the snippet is not shown again: docs repeat a note
 * under every option it applies to, and a second copy only takes the room of a line that might hold the answer.
 * Shorter units (a closing brace, a fence, "Example") repeat legitimately.
 */
const MIN_DEDUPLICATED_BYTES = 40;
/** Extra value of a line that starts by defining a name the question asks about, as a share of its weight. */
const DEFINITION_BONUS = 1;
/** Context value of the rest of that definition's list item (its nested note or example), as a share. */
const DEFINITION_ITEM = 0.6;
/**
 * A question that reports trouble ("doesn't match", "returns … instead of", a pasted error; question-context.ts)
 * is answered by the docs' caveat more often than by their how-to: the sentence that says what holds only when,
 * by default, unless. With `preferCaveats`, a matching unit that states one is worth this much more.
 */
const CAVEAT =
  /\b(?:only|must|unless|never|not|default|defaults|ignored|instead|note|cannot|can't|won't|doesn't|otherwise|except)\b/i;
const CAVEAT_SHARE = 0.8;
/**
 * A section named after an API (`jwt.decode(token [, options])`, an option `wait`, `mergeWithRules`) opens by
 * saying what it does ("Returns the decoded payload without verifying…", "If `false` it's fulfilled
 * immediately…"), and users asking about it are often answered by that sentence even when a later line repeats
 * more of their words. Its opening prose, up to LEAD_BYTES, is worth this share of the best line's weight, so
 * it is shown when there is room after the matching lines. Sections with a plain title ("Usage", "Options")
 * do not get it: their opening is an introduction.
 */
const LEAD_SHARE = 0.075;
const LEAD_BYTES = 240;
/**
 * A word only the prose showed still counts this share in a code line (shown in code, a third everywhere): docs
 * name an API in a sentence and call it in the example under it, and for a how-to the call is the answer. Tuned
 * on the tune halves: 0.5–0.8 the same, 1 moves answers from the first hit to the third, 0.4 gains nothing.
 */
const CODE_AFTER_PROSE = 2 / 3;
/** Bytes counted per unit for the newline or "…" that joins it. */
const SEPARATOR_BYTES = 4;

/**
 * Lines that carry nothing an answer needs: badge and image rows, link reference definitions, HTML image or
 * anchor wrappers, horizontal rules and table separator rows.
 */
export function isBoilerplateLine(line: string): boolean {
  const t = line.trim();
  if (!t) return true;
  if (/^\[[^\]]+\]:\s*\S+/.test(t)) return true;
  if (/^(?:[-*_]\s*){3,}$/.test(t) || /^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?$/.test(t)) return true;
  if (
    /^<\/?(?:p|div|img|a|br|picture|source|h\d)\b[^>]*>\s*(?:<\/?(?:p|div|img|a|br|picture|source|h\d)\b[^>]*>\s*)*$/i.test(
      t,
    )
  )
    return true;
  // Images and links with nothing else on the line are badges or navigation.
  const rest = t
    .replace(/\[!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])\](?:\([^)]*\)|\[[^\]]*\])/g, '')
    .replace(/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g, '')
    .replace(/<img\b[^>]*>/gi, '');
  if (rest !== t && !/[\p{L}\p{N}]/u.test(rest.replace(/<[^>]+>/g, ''))) return true;
  return false;
}

/** `text` without its boilerplate lines (outside code fences), for scoring what a chunk really says. */
export function withoutBoilerplate(text: string): string {
  if (!/!\[|\]:|<img|^\s*\|?\s*:?-{2,}|^\s*(?:[-*_]\s*){3,}$/m.test(text)) return text;
  let fence = false;
  return text
    .split('\n')
    .filter((line) => {
      const isFence = /^ {0,3}(`{3,}|~{3,})/.test(line);
      if (isFence) fence = !fence;
      return isFence || fence || !line.trim() || !isBoilerplateLine(line);
    })
    .join('\n');
}

/** Splits text into units (lines; long prose lines into sentences), dropping boilerplate lines. */
function unitsOf(text: string): Unit[] {
  const units: Unit[] = [];
  let at = 0;
  let line = 0;
  let fence = false;
  for (const raw of text.split('\n')) {
    const start = at;
    at += raw.length + 1;
    line++;
    const isFence = /^ {0,3}(`{3,}|~{3,})/.test(raw);
    if (isFence) fence = !fence;
    if (!isFence && !fence && isBoilerplateLine(raw)) continue;
    if (!raw.trim()) continue;
    const lead = raw.length - raw.trimStart().length;
    const s = start + lead;
    const e = start + raw.trimEnd().length;
    if (!fence && !isFence && utf8Length(raw) > SENTENCE_SPLIT_BYTES) {
      // Sentence ends: ". " before a capital, a backtick, a bracket or an asterisk.
      const re = /[.!?:](?=\s+[A-Z`*[(_"'])/g;
      let from = s;
      let m: RegExpExecArray | null;
      const body = text.slice(0, e);
      re.lastIndex = s;
      while ((m = re.exec(body))) {
        const cut = m.index + 1;
        if (cut - from >= 40) {
          units.push({ start: from, end: cut, line, bytes: 0, score: 0, terms: [], code: false });
          from = cut;
          while (from < e && /\s/.test(text[from]!)) from++;
        }
      }
      if (from < e) units.push({ start: from, end: e, line, bytes: 0, score: 0, terms: [], code: false });
    } else {
      units.push({ start: s, end: e, line, bytes: 0, score: 0, terms: [], code: fence || isFence });
    }
  }
  // A sentence still too long (run-on text, minified code) is cut at spaces into pieces of about that size.
  const out: Unit[] = [];
  for (const u of units) {
    let from = u.start;
    // Pieces of even size, so no piece is a stub of a few words.
    const size = Math.ceil((u.end - u.start) / Math.ceil((u.end - u.start) / MAX_UNIT_CHARS));
    while (u.end - from > MAX_UNIT_CHARS) {
      const lo = from + Math.floor(size / 2);
      const sp = text.slice(lo, from + size).search(/\s\S*$/);
      if (sp < 0) break;
      const cut = lo + sp;
      out.push({ ...u, start: from, end: cut, terms: [] });
      from = cut + 1;
    }
    out.push({ ...u, start: from, terms: [] });
  }
  for (const u of out) u.bytes = utf8Length(text.slice(u.start, u.end));
  return out;
}

/** A piece of one over-long unit, around its first match, cut at spaces. */
function pieceAround(text: string, u: Unit, at: number, room: number): { start: number; end: number } {
  const before = Math.floor(room / 4);
  let start = Math.max(u.start, at - before);
  if (start > u.start) {
    const sp = text.slice(start, at).search(/\s/);
    start = sp >= 0 ? start + sp + 1 : at;
  }
  const piece = wholePrefix(text.slice(start, u.end), room);
  return { start, end: start + piece.length };
}

/** What else tells which lines answer: beyond the query words' weights. */
export interface SnippetFocus {
  /** Lines that start by defining a name the question asks about, with the name's weight (defined-terms.ts). */
  definitions?: ReadonlyArray<{ re: RegExp; weight: number }>;
  /** The question reports trouble: lines stating a caveat (only, unless, by default…) are worth more. */
  preferCaveats?: boolean;
  /** The chunk's heading path: a section named after an API (`jwt.decode(token)`, `wait`) opens by saying what it does. */
  title?: string;
}

/**
 * Text around the matches of `matchers` in `content`, at most `maxBytes` of UTF-8. Short content is returned
 * whole (badge and link-definition lines dropped when that is what makes it fit). Otherwise the text is cut
 * into units (lines, list items, table rows, code lines; long prose lines into sentences); the units holding
 * the most query weight (`weights[i]` for `matchers[i]`, IDF by default 1) are taken first, each new one for
 * the terms it adds, then the lines right after and before them as context, until the bytes run out. Units
 * are shown in document order; "…" marks text left out, and a sentence or line already shown is not repeated.
 * No match → the opening of the text. `focus` says what the question is after (see SnippetFocus).
 */
export function buildSnippet(
  content: string,
  matchers: RegExp[],
  maxBytes: number,
  weights?: number[],
  focus: SnippetFocus = {},
): string {
  const { definitions = [], preferCaveats = false } = focus;
  const text = content.trim();
  if (utf8Length(text) <= maxBytes) return text;
  const units = unitsOf(text);
  if (!units.length) return `${wholePrefix(text, maxBytes - 4)}\n…`;
  const firstAt = new Map<Unit, number>();
  matchers.forEach((re, term) => {
    const w = weights?.[term] ?? 1;
    if (w <= 0) return;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    let n = 0;
    let ui = 0;
    while ((m = re.exec(text)) && n < 200) {
      n++;
      if (m[0].length === 0) re.lastIndex++;
      while (ui < units.length && units[ui]!.end <= m.index) ui++;
      const u = units[ui];
      if (!u || u.start > m.index) continue;
      if (!u.terms.includes(term)) {
        u.terms.push(term);
        u.score += w;
      }
      if (!firstAt.has(u)) firstAt.set(u, m.index);
    }
  });
  const definition = definitionItems(text, units, definitions);
  const matched = units.filter((u) => u.score > 0);
  const cleaned = units.map((u) => text.slice(u.start, u.end));
  if (!matched.length) {
    const whole = cleaned.join('\n');
    return utf8Length(whole) <= maxBytes ? whole : `${wholePrefix(whole, maxBytes - 4)}\n…`;
  }
  const lead = focus.title !== undefined && namesAnApi(focus.title) ? leadUnits(units, cleaned) : new Set<number>();
  const leadValue = LEAD_SHARE * units.reduce((m, u) => Math.max(m, u.score), 0);
  const chosen = new Map<number, { start: number; end: number }>();
  let used = 0;
  const covered = new Set<number>();
  const coveredInCode = new Set<number>();
  const wOf = (t: number) => weights?.[t] ?? 1;
  // A sentence inside a line, or a line continuing a list item or paragraph, needs what comes before it (the
  // option's name) more than what follows.
  const headFirst = (i: number): boolean => {
    const u = units[i]!;
    const p = units[i - 1];
    if (!p) return false;
    if (p.line === u.line) return true;
    const lineStart = text.lastIndexOf('\n', u.start - 1) + 1;
    return p.line === u.line - 1 && !/^\s*(?:[-*+]\s|\d+[.)]\s|\||#|```|~~~)/.test(text.slice(lineStart, u.end));
  };
  // Greedy by value: a unit holding query words is worth the weight it adds (words already shown count a
  // third); a unit next to one already taken is worth a share of that unit's weight as context — most for
  // the head of the item or sentence it continues, then for what follows, least for what precedes.
  const skipped = new Set<number>();
  const shownTexts = new Set<string>();
  const anchor = new Map<number, number>();
  for (;;) {
    let best = -1;
    let bestValue = 0;
    for (let i = 0; i < units.length; i++) {
      if (chosen.has(i) || skipped.has(i)) continue;
      const u = units[i]!;
      let value = 0;
      for (const t of u.terms) {
        if (u.code) value += coveredInCode.has(t) ? wOf(t) / 3 : covered.has(t) ? wOf(t) * CODE_AFTER_PROSE : wOf(t);
        else value += covered.has(t) || coveredInCode.has(t) ? wOf(t) / 3 : wOf(t);
      }
      if (preferCaveats && value > 0 && CAVEAT.test(cleaned[i]!)) value *= 1 + CAVEAT_SHARE;
      if (lead.has(i)) value += leadValue;
      const item = definition.weight[i]!;
      if (item > 0 && definition.head[i]) value += item * DEFINITION_BONUS;
      else if (item > 0 && chosen.has(i - 1)) value += item * DEFINITION_ITEM;
      const after = anchor.get(i - 1);
      const before = anchor.get(i + 1);
      if (after !== undefined) value += after * CONTEXT_AFTER;
      if (before !== undefined) value += before * (headFirst(i + 1) ? CONTEXT_HEAD : CONTEXT_BEFORE);
      if (value > bestValue + 1e-9) {
        bestValue = value;
        best = i;
      }
    }
    if (best < 0) break;
    const u = units[best]!;
    if (u.bytes >= MIN_DEDUPLICATED_BYTES && shownTexts.has(cleaned[best]!)) {
      skipped.add(best);
      continue;
    }
    const room = maxBytes - used - SEPARATOR_BYTES;
    const own = u.terms.reduce((a, t) => a + wOf(t), 0);
    if (u.bytes <= room) {
      chosen.set(best, { start: u.start, end: u.end });
      used += u.bytes + SEPARATOR_BYTES;
      shownTexts.add(cleaned[best]!);
    } else if (room >= 80 && u.score > 0 && !chosen.size) {
      const p = pieceAround(text, u, firstAt.get(u) ?? u.start, room);
      chosen.set(best, p);
      break;
    } else {
      skipped.add(best);
      continue;
    }
    u.terms.forEach((t) => (u.code ? coveredInCode : covered).add(t));
    // Context value decays along a run of context units.
    const inherited = Math.max(anchor.get(best - 1) ?? 0, anchor.get(best + 1) ?? 0) * CONTEXT_DECAY;
    anchor.set(best, Math.max(own, inherited));
  }
  const order = [...chosen.entries()].sort((a, b) => a[0] - b[0]);
  let out = '';
  let prev = -2;
  for (const [i, r] of order) {
    const piece = text.slice(r.start, r.end).trim();
    if (!piece) continue;
    const u = units[i]!;
    const cutBefore = r.start > u.start;
    if (!out) out = i > 0 || cutBefore ? `…${piece}` : piece;
    else if (i === prev + 1 && !cutBefore) out += (units[prev]!.line === u.line ? ' ' : '\n') + piece;
    else out += `\n…${piece}`;
    prev = i;
    if (r.end < u.end) out += '…';
  }
  const last = order[order.length - 1];
  if (last && (last[0] < units.length - 1 || units[last[0]]!.end < text.length) && !out.endsWith('…')) out += '…';
  return utf8Length(out) <= maxBytes ? out : wholePrefix(out, maxBytes - 3) + '…';
}

/**
 * The last heading of `title` is an API's name: an identifier-like word or a call signature. A later part of a
 * split section ("… (2)", chunk.ts) does not open the section, so it is not counted.
 */
function namesAnApi(title: string): boolean {
  if (/ \(\d+\)$/.test(title)) return false;
  const last = (title.split(' > ').pop() ?? '').replace(/[`*]/g, '').trim();
  return /^[a-z_$][\w$.-]*$/.test(last) || last.includes('(');
}

/** The units of a chunk's opening prose, up to LEAD_BYTES: none of a code block, table, HTML or heading. */
function leadUnits(units: Unit[], cleaned: string[]): Set<number> {
  const out = new Set<number>();
  let bytes = 0;
  for (let i = 0; i < units.length; i++) {
    if (/^(?:```|~~~|\||<|#)/.test(cleaned[i]!) || bytes + units[i]!.bytes > LEAD_BYTES) break;
    bytes += units[i]!.bytes;
    out.add(i);
  }
  return out;
}

/**
 * For each unit, the weight of the question's name whose definition it belongs to: the line that starts by
 * naming it (`* \`expiresIn\`: …`) and the lines continuing that list item (a nested note or example), up to the
 * next item, heading or blank line; 0 for every other unit. `head` marks the defining line's first unit.
 */
function definitionItems(text: string, units: Unit[], definitions: ReadonlyArray<{ re: RegExp; weight: number }>) {
  const out = { weight: units.map(() => 0), head: units.map(() => false) };
  if (!definitions.length) return out;
  let current = 0;
  let lastLine = -1;
  units.forEach((u, i) => {
    const lineStart = text.lastIndexOf('\n', u.start - 1) + 1;
    const lineEnd = text.indexOf('\n', u.start);
    const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
    if (u.line !== lastLine) {
      const startsItem = /^\s*(?:[-*+]\s|\d+[.)]\s|\||#)/.test(line) || u.line > lastLine + 1;
      if (startsItem || !current) {
        current = 0;
        for (const d of definitions) if (d.re.test(line)) current = Math.max(current, d.weight);
        out.head[i] = current > 0;
      }
    }
    lastLine = u.line;
    out.weight[i] = current;
  });
  return out;
}

/**
 * The share of the question's weight inside the one sentence of `content` that states a caveat and holds the
 * most of it (0 when no caveat sentence matches): how likely this chunk answers a trouble report.
 */
export function caveatShare(content: string, matchers: RegExp[], weights?: number[]): number {
  const total = matchers.reduce((a, _, t) => a + Math.max(0, weights?.[t] ?? 1), 0);
  if (total <= 0) return 0;
  let best = 0;
  for (const sentence of content.split(/(?<=[.!?])\s+|\n+/)) {
    if (!CAVEAT.test(sentence)) continue;
    let w = 0;
    matchers.forEach((re, t) => {
      re.lastIndex = 0;
      if (re.test(sentence)) w += Math.max(0, weights?.[t] ?? 1);
      re.lastIndex = 0;
    });
    best = Math.max(best, w / total);
  }
  return best;
}
