/**
 * Worker-thread entry: converts one page with the full converter (turndown + GFM) off the server's main thread,
 * so a page that is slow to convert delays only itself. The parent enforces the time limit by terminating
 * this worker.
 */
import { parentPort } from 'node:worker_threads';
import { htmlToMarkdown } from './html-to-markdown.js';

parentPort?.once('message', (job: { html: string; baseUrl?: string }) => {
  htmlToMarkdown(job.html, job.baseUrl).then(
    (markdown) => parentPort?.postMessage({ markdown }),
    (err: unknown) => parentPort?.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
});
