/**
 * Word-level helpers shared by the indexer, the query sanitiser and the reranker: which words carry meaning
 * (stopwords), how identifiers split (camelCase, PascalCase, snake_case, kebab-case), and a light stemmer used
 * to find matches in chunk text for snippets and proximity (FTS5's porter tokenizer does the real matching).
 */

/** English function words plus question scaffolding ("how do I …") that never identifies a section. */
export const STOPWORDS = new Set(
  (
    'a about above again against all also am an and any are as at be because been being below ' +
    'between both but by can could did do does doing done down during each either else etc ever every few for ' +
    'from further get gets got had has have having he her here hers him his how i if in into is it its itself ' +
    'just let lets like me might mine more most much must my need needs no nor not now of on once only or ' +
    'other ought our ours out over own per please same shall she should so some such than that the their theirs ' +
    'them then there these they this those through thus to too under until up upon us use used uses using very ' +
    'via want wants was way we were what whats when where whether which while who whom whose why will with ' +
    "within without would yes yet you your yours yourself and or not near i'm it's don't doesn't can't " +
    'tell explain happen happens thing things possible able ' +
    'way ways something anything make sure ' +
    // Conversation around a question ("I'm trying to …", "what is the best way to …", "thanks!").
    'trying wondering best thanks thank hello hi hey'
  ).split(/\s+/),
);

/** FTS5 operator words: dropped from user text so they can never act as syntax, even if quoting failed. */
export const FTS_OPERATORS = new Set(['and', 'or', 'not', 'near']);

/**
 * The longest word kept whole. A longer one (a pasted token, a minified line) is cut to this: every query word
 * becomes a regular expression in the rerank and the snippets, and one of 40 KB makes that throw ("too large").
 */
const MAX_WORD_CHARS = 128;

/** Raw words of user text: letters, digits, `_`, with inner `.`, `-`, `'` kept (`next.config.js`, `pre-render`). */
export function rawWords(text: string): string[] {
  const words = text.normalize('NFKC').match(/[\p{L}\p{N}_](?:[\p{L}\p{N}_]|[.'’-](?=[\p{L}\p{N}_]))*/gu) ?? [];
  return words.map((w) => (w.length > MAX_WORD_CHARS ? w.slice(0, MAX_WORD_CHARS) : w));
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
export function hasCjk(word: string): boolean {
  return CJK.test(word);
}

/** `useEffect` → ['use', 'effect']; `XMLHttpRequest` → ['xml', 'http', 'request']; plain words → []. */
export function splitIdentifier(word: string): string[] {
  if (!/[a-z][A-Z]|[A-Z]{2}[a-z]|[A-Za-z]\d|\d[A-Za-z]/.test(word)) return [];
  const parts = word
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .split(/[\s_.'’-]+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase());
  return parts.length > 1 ? parts : [];
}

/** Longer alphanumeric runs are hashes, base64 or minified code, not identifiers worth splitting. */
const MAX_IDENTIFIER_LENGTH = 80;
const IDENTIFIER_SHAPE = /[a-z][A-Z]|[A-Z]{2}[a-z]/;

/**
 * Extra text appended (invisibly, in the FTS body only) to each chunk so identifiers are found by their parts:
 * `useEffect` also indexes "use effect", `getServerSideProps` "get server side props".
 * Linear in the input: one pass over alphanumeric runs, each run examined only when it is identifier-sized (a
 * single backtracking pattern over the text was quadratic on long hex or base64 runs and froze the server).
 */
export function identifierExpansions(text: string): string {
  const seen = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z0-9]+/g)) {
    let word = m[0];
    if (word.length > MAX_IDENTIFIER_LENGTH + 16) continue;
    const firstLetter = word.search(/[A-Za-z]/);
    if (firstLetter < 0) continue;
    word = word.slice(firstLetter);
    if (word.length > MAX_IDENTIFIER_LENGTH || !IDENTIFIER_SHAPE.test(word)) continue;
    const parts = splitIdentifier(word);
    if (parts.length) seen.add(parts.join(' '));
    if (seen.size >= 200) break;
  }
  return [...seen].join(' ; ');
}

/**
 * A light suffix stripper: close enough to porter for locating matches in text (`configuring` and
 * `configured` both → `configur`), never used to decide what the FTS index matches.
 */
export function lightStem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 4 || hasCjk(w)) return w;
  for (const suffix of [
    'ational',
    'ization',
    'ations',
    'ation',
    'ments',
    'ment',
    'ings',
    'ing',
    'edly',
    'ies',
    'ied',
    'ers',
    'er',
    'ed',
    'es',
    'ly',
    's',
  ]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, w.length - suffix.length);
      break;
    }
  }
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Words worth indexing in the vocabulary (typo fallback): lowercase letters, 3–32 chars, not stopwords. */
export function vocabularyWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/[\p{L}][\p{L}\p{N}_]{2,31}/gu)) {
    const w = m[0];
    if (!STOPWORDS.has(w) && !/\d{3,}/.test(w)) out.add(w);
  }
  return out;
}
