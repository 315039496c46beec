/**
 * The worker thread that reads uploads (started by parse-pool.ts): the guard and the parse run here, off the
 * event loop. The header's titles, then the rows in slices go back as they are parsed, each once the main
 * thread asked for more, then the reply. One job at a time; after a file it read, the worker stays for the next.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  MORE_ROWS,
  type ParseJob,
  type ParseMessage,
  type ParseReply,
  ROWS_PER_SLICE,
  type SheetRow,
  sheetRows,
} from './sheet-parser.ts';
import { SheetRefusal } from './sheet-refusal.ts';
import { emptyTempDir } from './sheet-temp.ts';

/** This worker's own temp folder (parse-pool.ts made it its TMPDIR). */
const tempDir: string | undefined = workerData?.tempDir;

/** Resolves the wait for the main thread's MORE_ROWS. */
let more: (() => void) | undefined;

/** Posts a message and waits until the main thread wants the next. */
function send(message: ParseMessage): Promise<void> {
  const asked = new Promise<void>((resolve) => {
    more = resolve;
  });
  parentPort?.postMessage(message);
  return asked;
}

parentPort?.on('message', async (message: ParseJob | typeof MORE_ROWS) => {
  if (message === MORE_ROWS) {
    more?.();
    return;
  }
  const job = message;
  let reply: ParseReply;
  try {
    const file = Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
    let slice: SheetRow[] = [];
    for await (const row of sheetRows(file, job.columns, job.maxRows, (header) => send({ header }))) {
      slice.push(row);
      if (slice.length >= ROWS_PER_SLICE) {
        const full = slice;
        slice = [];
        await send({ rows: full });
      }
    }
    if (slice.length > 0) await send({ rows: slice });
    reply = { ok: true };
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
