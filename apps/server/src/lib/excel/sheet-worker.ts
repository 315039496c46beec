/**
 * The worker thread that reads uploads (started by parse-pool.ts): the guard and the parse run here, off the
 * event loop, and plain rows go back. One job at a time; the worker stays for the next one.
 */
import { parentPort } from 'node:worker_threads';
import { type ParseJob, type ParseReply, parseSheet } from './sheet-parser.ts';
import { SheetRefusal } from './sheet-refusal.ts';

parentPort?.on('message', async (job: ParseJob) => {
  let reply: ParseReply;
  try {
    const file = Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
    reply = { ok: true, sheet: await parseSheet(file, job.columns, job.maxRows) };
  } catch (error) {
    reply =
      error instanceof SheetRefusal
        ? { ok: false, refusal: error.message, cause: error.cause ? describe(error.cause) : undefined }
        : { ok: false, failure: describe(error) };
  }
  parentPort?.postMessage(reply);
});

const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);
