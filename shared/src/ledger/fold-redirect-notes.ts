import { readdirSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { findProjectRoot } from '../project/project-identity.js';
import { recordLedger } from './record.js';
import { redirectNotesDir, type RedirectNote } from './redirect-notes.js';

// A claimed file left by a reader that died is taken over after this long.
const STALE_CLAIM_MS = 60_000;

function isNote(v: unknown): v is RedirectNote {
  const n = v as RedirectNote;
  return !!n && typeof n.projectDir === 'string' && typeof n.bytesAvoided === 'number' && typeof n.tool === 'string';
}

/**
 * Moves the redirect notes written by pre-tool hooks into the ledgers of their projects (`hook-redirect`
 * rows: raw = the estimate, returned 0). Each file is claimed by an atomic rename first, so two readers never
 * fold the same note twice; a hook appending at that instant starts a new file. Malformed lines are skipped.
 * Returns how many notes were folded. Never throws: stats must show even if this fails.
 */
export function foldRedirectNotes(env: NodeJS.ProcessEnv = process.env): number {
  const dir = redirectNotesDir(env);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let folded = 0;
  const roots = new Map<string, string>();
  for (const name of names) {
    const path = join(dir, name);
    let claimed: string;
    try {
      const stale = name.endsWith('.folding') && Date.now() - statSync(path).mtimeMs > STALE_CLAIM_MS;
      if (!name.endsWith('.jsonl') && !stale) continue;
      // A stale claim is re-claimed by rename too, so two readers never take over the same one.
      claimed = `${path.replace(/\.jsonl.*$/, '.jsonl')}.${process.pid}-${Date.now()}.folding`;
      renameSync(path, claimed);
    } catch {
      continue; // Another reader claimed it first.
    }
    try {
      for (const line of readFileSync(claimed, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        let note: unknown;
        try {
          note = JSON.parse(line);
        } catch {
          continue;
        }
        if (!isNote(note)) continue;
        let root = roots.get(note.projectDir);
        if (root === undefined) {
          root = findProjectRoot(note.projectDir);
          roots.set(note.projectDir, root);
        }
        recordLedger(
          root,
          {
            sessionId: note.sessionId,
            host: note.host,
            tool: note.tool,
            kind: 'hook-redirect',
            rawBytes: note.bytesAvoided,
            returnedBytes: 0,
            time: note.at,
          },
          env,
        );
        folded++;
      }
      unlinkSync(claimed);
    } catch {
      // Unreadable: left for the stale-claim pass.
    }
  }
  return folded;
}
