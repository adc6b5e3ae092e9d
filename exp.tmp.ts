import { createHash } from 'node:crypto';
import { openKnowledgeBase } from './shared/src/knowledge/open-knowledge-base.ts';
const kb = openKnowledgeBase({ path: ':memory:' });
const shas: string[] = [];
const log = Array.from({ length: 60 }, (_, i) => {
  const sha = createHash('sha1').update(String(i)).digest('hex'); shas.push(sha);
  return `commit ${sha}\nAuthor: Dev ${i} <dev${i}@example.com>\nDate:   Mon Jan ${i % 28 + 1} 10:00:00 2024\n\n    fix item ${i} in module m${i % 7}\n`;
}).join('\n');
const tok = 'Xq' + createHash('sha256').update('tok').digest('base64url') + createHash('sha256').update('t2').digest('hex');
kb.index({ source: 'git log', content: log + `\ntoken value: ${tok}\n`, format: 'text' });
let ok7 = 0, ok12 = 0, full = 0;
for (const sha of shas.slice(0, 10)) {
  if (kb.search(sha).some((h) => h.snippet.includes(sha))) full++;
  if (kb.search(sha.slice(0, 7)).some((h) => h.snippet.includes(sha))) ok7++;
  if (kb.search(sha.slice(0, 12)).some((h) => h.snippet.includes(sha))) ok12++;
}
const mid = tok.slice(30, 42);
console.log({ full, ok7, ok12, mid: kb.search(mid).map(h => h.snippet.slice(0, 80)) });
console.log(kb.search(shas[0]!.slice(0,7)).map(h=>h.snippet.slice(0,60)));
