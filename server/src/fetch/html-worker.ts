/**
 * Worker-thread entry: converts one page off the server's main thread — with the full converter (turndown +
 * GFM), or the linear extraction for pages too large or deep for it — so a big page delays only itself. The parent enforces the time limit by terminating
 * this worker.
 */
import { parentPort } from 'node:worker_threads';
import { htmlToMarkdown } from './html-to-markdown.js';
import { htmlToPlainMarkdown } from './html-to-text.js';
import { errorMessage } from '@context-mode/shared/errors/error-message';

parentPort?.once('message', (job: { html: string; baseUrl?: string; plain?: boolean }) => {
  const convert = job.plain
    ? Promise.resolve().then(() => htmlToPlainMarkdown(job.html))
    : htmlToMarkdown(job.html, job.baseUrl);
  convert.then(
    (markdown) => parentPort?.postMessage({ markdown }),
    (err: unknown) => parentPort?.postMessage({ error: errorMessage(err) }),
  );
});
