/** The JSON printed by `ctxmode purge --json` (the dashboard's purge action does the same work). */
import type { PurgeResult } from '../memory/purge-project-data.js';

export interface PurgeReport extends PurgeResult {
  schema: 'context-mode.purge/1';
}
