import { STOPWORDS, rawWords } from './query-terms.js';

/**
 * What in a question is the asking and what is the talk around it. Two kinds of words are not what the asker
 * is asking about: a generic noun pointed at as the asker's own context ("this library", "my project"), and
 * the words of sentences around the question ("My service reads yaml files. How do I retry requests?").
 */

/** Words that point at what the asker is working in ("this library", "my project")… */
const POINTERS = new Set(['this', 'my', 'our', 'your']);
/** …and the generic nouns they point at, which then name the context of the question, not its subject. */
const CONTEXT_NOUNS = new Set([
  'library',
  'lib',
  'package',
  'module',
  'project',
  'app',
  'application',
  'codebase',
  'code',
  'repo',
  'repository',
  'tool',
  'script',
  'program',
]);

/**
 * Is a word filler only where it stands? "this library" / "my project" say where the asker is, not what they
 * ask about (every indexed doc is some library), and "figure out" is "find". Elsewhere the same words are
 * real ("package exports", "a figure").
 */
export function isFillerInContext(lower: string, before: string | undefined, after: string | undefined): boolean {
  if (CONTEXT_NOUNS.has(lower)) return before !== undefined && POINTERS.has(before.toLowerCase());
  return lower === 'figure' && after?.toLowerCase() === 'out';
}

/** A sentence that asks: it ends in "?" or opens with a question word. */
const ASKS =
  /\?\s*$|^\W*(?:how|what|what's|whats|which|why|when|where|who|can|could|does|do|is|are|should|will|would|was|were|has|have)\b/i;
/** A sentence ending in one of these is not over ("e.g. for fetch", "vs. axios", "J. Smith"). */
const ABBREVIATION = /(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|esp|resp)|(?<![\p{L}\p{N}])\p{L})\.$/iu;
/** A sentence reporting a failure (a pasted error, "it crashes on start"): its words are what to search for. */
const REPORTS_FAILURE =
  /error|exception|warn|fail|crash|cannot|can't|unable|not found|denied|refused|timeout|timed out/i;
/** An error code (`ENOENT`, `ERR_REQUIRE_ESM`): matched with case, so "Express" is not one. */
const ERROR_CODE = /\bE[A-Z]{3,}\b|\bERR_/;
const reportsFailure = (sentence: string) => REPORTS_FAILURE.test(sentence) || ERROR_CODE.test(sentence);
/**
 * A question that reports what happened ("doesn't match", "returns `false` instead of errors", "I get the
 * error …", a pasted error) rather than asking how to do something: its answer is usually the docs' caveat. A
 * single word does not make a report: "set response headers on the error object", "fail the build if …",
 * "dont install the handler" and "load source maps from memory instead of disk" ask how to do something.
 */
const TROUBLE_SIGNS: RegExp[] = [
  // Something not behaving: "doesn't match", "isn't parsed", "won't work", "can't load".
  /\b(?:doesn['’]?t|does not|didn['’]?t|did not|isn['’]?t|aren['’]?t|wasn['’]?t|weren['’]?t|won['’]?t|wont|can['’]?t|cannot|couldn['’]?t)\b/i,
  // "I don't see …", but not the imperative "dont bring the app to the front".
  /\b(?:i|we|it|they)\s+(?:don['’]?t|do not)\b/i,
  /\bnot (?:work\w*|properly|correctly)\b|\bstopped working\b|\bmissing something\b/i,
  // What happened to the asker: "I get …", "I'm getting …", "getting the error", "it throws", "fails with";
  // not "how can I get …", which asks.
  /(?<!\b(?:can|could|do|does|would|should|will|to|how)\s+)\b(?:i|we)(?:['’]m| am| are)?\s+(?:get|getting|got)\b/i,
  /\bgetting (?:the |an? |this )?(?:error|exception|warning)\b|\bresults? in (?:an? )?error\b/i,
  /\b(?:throws|threw|fails|failed|crash(?:es|ed)?)\b/i,
  // An outcome other than the one wanted: "returns `false` instead of errors", "still returns", "expected … but".
  /\b(?:returns?|returned|gives?|gave|yields?|get|got|is|are|becomes?)\b[^.?!]{0,60}\binstead of\b/i,
  /\binstead of (?:giving|returning|getting|being)\b|\bstill (?:returns?|gets?|not)\b/i,
  /\b(?:unexpected\w*|expected|would expect|i['’]?d expect)\b/i,
  /\b(?:bug|wrong|incorrect\w*|broken)\b|\b(?:is|are|was|were|gets?) never\b/i,
  // A pasted error or output: "JsonWebTokenError: invalid algorithm", `ERR_REQUIRE_ESM`, "… // false".
  /\b\w*(?:Error|Exception):/,
  ERROR_CODE,
  /\/\/\s*(?:false|true|null|undefined)\b|\bYields:/i,
];
export const reportsTrouble = (question: string): boolean => TROUBLE_SIGNS.some((re) => re.test(question));
/**
 * The question needs this many searchable words of its own to stand alone: "Any ideas?", "What is the best
 * library?", "Is there a built-in option?" lean on the sentences before them.
 */
const MIN_QUESTION_WORDS = 3;
/** A question pointing back ("Is there middleware for that?", "Do you support it?") leans on them too. */
const POINTS_BACK = /(?<![\p{L}\p{N}])(?:it|that|this|these|those|them|one)(?![\p{L}\p{N}])/iu;

/**
 * A word that names something exactly is never talk around: a function or variable (`createServer`,
 * `max_retries`), an acronym or error code (`ESM`, `CORS`, `ENOENT`), a path or a version. Capitalised names
 * and plurals in a story about the asker's setup ("TypeScript", "Express", "APIs") say what they use, not what
 * they ask; a pasted error keeps its sentence searched anyway (reportsFailure).
 */
function namesSomething(word: string): boolean {
  return /^\p{Ll}+\p{Lu}/u.test(word) || /[\d._/-]/.test(word) || /^\p{Lu}{2,}$/u.test(word);
}

function sentencesOf(input: string): string[] {
  const out: string[] = [];
  for (const piece of input.split(/(?<=[.!?])\s+/)) {
    if (out.length && ABBREVIATION.test(out[out.length - 1]!)) out[out.length - 1] += ` ${piece}`;
    else out.push(piece);
  }
  return out.map((x) => x.trim()).filter((x) => rawWords(x).some((w) => !STOPWORDS.has(w.toLowerCase())));
}

/** A sentence about the asker and their setup ("I have…", "We call…", "My app…"), not about the docs. */
const NARRATES = /(?<![\p{L}\p{N}])(?:i|i'm|i've|i'd|we|we're|we've|my|our|me|us)(?![\p{L}\p{N}])/iu;

/** The searchable words a sentence has of its own. */
const ownWords = (sentence: string) => rawWords(sentence).filter((w) => !STOPWORDS.has(w.toLowerCase()));

/**
 * Lowercased words that appear only in the sentences around the question. The question is the last sentence
 * that asks (ends in "?" or opens with a question word), else the last one that does not narrate; it must stand
 * alone (MIN_QUESTION_WORDS of its own, not pointing back), or nothing is context. Only narrating sentences
 * ("I have a Node service that reads yaml files.") are talk around it; a sentence that asks or reports a
 * failure, and any word naming something exactly, stay searched.
 */
export function contextOnlyWords(input: string): Set<string> {
  const sentences = sentencesOf(input);
  if (sentences.length < 2) return new Set();
  // The last sentence that asks; failing that, the last plain statement (a keyword-style question).
  const question = sentences.filter((x) => ASKS.test(x)).pop() ?? sentences.filter((x) => !NARRATES.test(x)).pop();
  if (!question || ownWords(question).length < MIN_QUESTION_WORDS || POINTS_BACK.test(question)) return new Set();
  const around = sentences.filter((x) => x !== question && NARRATES.test(x) && !ASKS.test(x) && !reportsFailure(x));
  const searched = new Set(
    sentences.filter((x) => !around.includes(x)).flatMap((x) => rawWords(x).map((w) => w.toLowerCase())),
  );
  return new Set(
    around
      .flatMap((x) => rawWords(x))
      .filter((w) => !namesSomething(w))
      .map((w) => w.toLowerCase())
      .filter((w) => !searched.has(w)),
  );
}
