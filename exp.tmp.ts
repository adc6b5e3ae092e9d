import { closeSync, openSync, statSync, writeSync, truncateSync, readdirSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { openKnowledgeBase } from './shared/src/knowledge/open-knowledge-base.ts';
const base = mkdtempSync(join(tmpdir(), 'exp-'));
const src = join(base, 'src.db');
const kb0 = openKnowledgeBase({ path: src });
kb0.index({ source: 'big', content: Array.from({ length: 3000 }, (_, i) => `line ${i} widgets gadgets ${i * 31}`).join('\n'), format: 'text' });
kb0.close();
const size = statSync(src).size;
const modes: Record<string, (p: string) => void> = {
  truncateHalf: (p) => truncateSync(p, Math.floor(size / 2 / 4096) * 4096),
  page1Body: (p) => { const fd = openSync(p, 'r+'); writeSync(fd, Buffer.alloc(3000, 0x41), 0, 3000, 100); closeSync(fd); },
  randomSpots: (p) => { const fd = openSync(p, 'r+'); for (let i = 1; i < 40; i++) writeSync(fd, Buffer.alloc(64, 0xff), 0, 64, Math.floor((size * i) / 40)); closeSync(fd); },
  lastPages: (p) => { const fd = openSync(p, 'r+'); writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, size - 8192); closeSync(fd); },
  header: (p) => { const fd = openSync(p, 'r+'); writeSync(fd, Buffer.alloc(100, 0x33), 0, 100, 0); closeSync(fd); },
};
for (const [name, f] of Object.entries(modes)) {
  const dir = mkdtempSync(join(base, name));
  const p = join(dir, 'knowledge.db');
  copyFileSync(src, p); f(p);
  const out: string[] = [];
  try {
    const kb = openKnowledgeBase({ path: p });
    for (const op of ['search', 'index', 'search2']) {
      try {
        if (op === 'index') kb.index({ source: 'x', content: 'turbines here', format: 'text' });
        else out.push(`${op}:${kb.search(op === 'search' ? 'widgets' : 'turbines').length}`);
      } catch (e) { out.push(`${op} ERR ${(e as Error).message}`); }
    }
    kb.close();
  } catch (e) { out.push(`open ERR ${(e as Error).message}`); }
  console.log(name, out.join(' | '), readdirSync(dir).join(','));
}
