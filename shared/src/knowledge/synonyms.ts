import { lightStem } from './query-terms.js';

/**
 * Developer-documentation vocabulary: words people ask with vs. words docs are written with. Each group lists
 * interchangeable words; a query word from a group also searches the others (at a lower weight in the
 * rerank), which is what rescues paraphrased questions ("hide a namespace" → exclude, "order versions" → sort)
 * without a model. Groups are deliberately generic; nothing here names a particular library.
 */
const GROUPS: string[][] = [
  ['remove', 'delete', 'drop', 'strip', 'omit', 'exclude', 'hide', 'skip', 'ignore'],
  ['disable', 'deactivate', 'negate', 'negatable', 'off'],
  ['enable', 'activate', 'on', 'allow'],
  ['add', 'create', 'define', 'register', 'new', 'make'],
  ['error', 'errors', 'exception', 'failure', 'fail', 'mistake', 'invalid', 'throw'],
  ['required', 'mandatory', 'must'],
  ['multiple', 'several', 'many', 'variadic'],
  ['sort', 'order', 'ordering', 'sorted'],
  ['configure', 'configuration', 'config', 'settings', 'options', 'setup'],
  ['run', 'execute', 'invoke', 'call', 'launch', 'start'],
  ['stop', 'exit', 'quit', 'terminate', 'abort', 'cancel', 'kill'],
  ['check', 'test', 'verify', 'validate', 'whether', 'detect'],
  ['get', 'fetch', 'retrieve', 'read', 'load', 'obtain'],
  ['auth', 'authentication', 'authenticated', 'login', 'logged', 'credentials', 'signin'],
  ['convert', 'transform', 'coerce', 'cast'],
  ['flag', 'flags', 'option', 'switch'],
  ['limit', 'maximum', 'max', 'size', 'cap'],
  ['show', 'display', 'print', 'output', 'render'],
  ['log', 'logging', 'logger', 'debug', 'trace'],
  ['before', 'pre', 'prior'],
  ['after', 'post'],
  ['install', 'installation', 'setup'],
  ['dynamic', 'dynamically', 'runtime', 'programmatically', 'programmatic'],
  ['child', 'sub', 'nested', 'extend'],
  ['keep', 'leave', 'preserve', 'retain'],
  ['build', 'compile', 'generate', 'construct'],
  ['update', 'modify', 'change', 'edit', 'patch'],
  ['cache', 'caching', 'cached', 'revalidate', 'memoize'],
  ['env', 'environment', 'variable'],
  ['doc', 'docs', 'documentation', 'readme'],
  ['folder', 'directory', 'dir'],
  ['file', 'files', 'path'],
  ['url', 'uri', 'link', 'href'],
  ['await', 'async', 'asynchronous', 'promise', 'promises'],
  ['speed', 'fast', 'performance', 'slow', 'latency'],
  ['secure', 'security', 'protect', 'vulnerability', 'unauthorized'],
  ['case', 'uppercase', 'lowercase', 'insensitive', 'ignorecase'],
  ['twice', 'double', 'again', 'extra', 'repeat'],
  ['test', 'testing', 'unit', 'spec'],
  ['upgrade', 'migrate', 'migration', 'replace', 'replacement'],
  ['send', 'post', 'submit', 'upload'],
  ['request', 'req', 'http'],
  ['response', 'res', 'reply'],
  ['database', 'db', 'sql', 'postgres', 'query'],
  ['wildcard', 'glob', 'pattern', 'match'],
  ['default', 'fallback'],
  ['column', 'columns'],
  ['breakpoint', 'breakpoints', 'responsive', 'screen'],
  ['argument', 'arguments', 'args', 'argv', 'parameter', 'parameters', 'param'],
  ['pretty', 'indent', 'indentation', 'whitespace', 'formatted'],
  ['escape', 'escaping', 'escaped', 'sanitize', 'unsafe'],
];

const index = new Map<string, string[]>();
for (const group of GROUPS) {
  group.forEach((word, at) => {
    const key = lightStem(word);
    const alts = index.get(key) ?? [];
    // Nearest in the list first: a group runs from one sense to the next ("omit, exclude, hide, skip"), and
    // only the first few synonyms of a word are searched.
    const byDistance = group.map((other, i) => ({ other, d: Math.abs(i - at) })).sort((a, b) => a.d - b.d);
    for (const { other } of byDistance)
      if (other !== word && lightStem(other) !== key && !alts.includes(other)) alts.push(other);
    index.set(key, alts);
  });
}

/** Other words for `word` (up to `max`), or [] when it is in no group. */
export function synonymsOf(word: string, max = 6): string[] {
  return (index.get(lightStem(word.toLowerCase())) ?? []).slice(0, max);
}
