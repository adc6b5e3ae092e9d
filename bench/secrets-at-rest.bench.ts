// Secret kinds at rest, per store (issue 23 item 4), printed as one JSON object on stdout: 17 kinds of secret
// driven through session memory, the knowledge base and the ledger, then every store file read raw, and the
// session-start injection after a resume. Goal: 0 kinds in each. bench/reliability.bench.ts prints the same report.
import { secretKindsAtRestPerStore } from './secrets-at-rest.js';

process.stdout.write(`${JSON.stringify(secretKindsAtRestPerStore(), null, 2)}\n`);
