/**
 * The worker thread that reads uploads (started by parse-pool.ts): the guard and the parse run here, off the
 * event loop, and plain rows go back in slices, each once the main thread asked for more, then the reply. One
 * job at a time; after a file it read, the worker stays for the next.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  MORE_ROWS,
  type ParseJob,
  type ParseReply,
  parseSheet,
  ROWS_PER_SLICE,
  type RowSlice,
} from './sheet-parser.ts';
import { SheetRefusal } from './sheet-refusal.ts';
import { emptyTempDir } from './sheet-temp.ts';

/** This worker's own temp folder (parse-pool.ts made it its TMPDIR). */
const tempDir: string | undefined = workerData?.tempDir;

/** Resolves the wait for the main thread's MORE_ROWS. */
let more: (() => void) | undefined;

parentPort?.on('message', async (message: ParseJob | typeof MORE_ROWS) => {
  if (message === MORE_ROWS) {
    more?.();
    return;
  }
  const job = message;
  let reply: ParseReply;
  try {
    const file = Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
    const { rows, titles } = await parseSheet(file, job.columns, job.maxRows);
    for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
      // Posted all at once, the slices would be received all at once: one slice a turn of the main thread.
      const asked = new Promise<void>((resolve) => {
        more = resolve;
      });
      const slice: RowSlice = { rows: rows.slice(start, start + ROWS_PER_SLICE) };
      parentPort?.postMessage(slice);
      await asked;
    }
    reply = { ok: true, titles };
  } catch (error) {
    reply =
      error instanceof SheetRefusal
        ? {
            ok: false,
            refusal: error.message,
            text: error.text,
            cause: error.cause ? describe(error.cause) : undefined,
          }
        : { ok: false, failure: describe(error) };
  } finally {
    // Nothing should be there (streamable-sheet.ts): whatever is goes before the next job, the data with it.
    if (tempDir) emptyTempDir(tempDir);
  }
  parentPort?.postMessage(reply);
});

const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);
