/**
 * The two ways a generated workbook leaves the server without being built whole in memory first:
 * - `streamWorkbook`: sent while it is written (the order reports, Order_details.xlsx), one report slot held
 *   for its time (report-slots.ts: a 503 before anything is sent when none is free);
 * - `bufferWorkbook`: written by the same streaming writer into its zipped bytes, for a reply whose headers
 *   depend on every row (the status upload's counts). The zipped bytes are a fraction of the workbook model
 *   ExcelJS would otherwise hold, and the writing yields between batches of rows.
 * Either way `write` adds sheets and rows and awaits `file.room()` between batches, so the event loop (and on
 * PGlite the database) serves other calls meanwhile.
 */
import { takeReportSlot } from './report-slots.ts';
import { StreamedWorkbook } from './stream-writer.ts';

/** A workbook on its way: the stream to send, and the production, which rejects if it breaks off. */
export interface StreamedFile {
  stream: StreamedWorkbook['stream'];
  done: Promise<void>;
  /**
   * Gives the report slot back (once, however often called). The production does when it settles; the reply
   * does as soon as it has ended or the client has left (downloads.ts), which can come first: closing the
   * database cursor after the last row may take a moment, and a client that asks for the next report as soon
   * as it has read one must find the slot free.
   */
  release: () => void;
}

export function streamWorkbook(write: (file: StreamedWorkbook) => Promise<void>): StreamedFile {
  const release = takeReportSlot();
  const file = new StreamedWorkbook();
  const done = (async () => {
    await write(file);
    await file.finish();
  })();
  // The stream carries the failure to the client (a cut transfer); the route logs it from `done`.
  done.catch((error: unknown) => file.fail(error));
  done.then(release, release);
  return { stream: file.stream, done, release };
}

export async function bufferWorkbook(write: (file: StreamedWorkbook) => Promise<void>): Promise<Buffer> {
  const file = new StreamedWorkbook();
  const parts: Buffer[] = [];
  file.stream.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve, reject) => {
    file.stream.once('end', resolve);
    file.stream.once('error', reject);
  });
  // Awaited only on success; a failure is thrown from the write below.
  ended.catch(() => {});
  try {
    await write(file);
    await file.finish();
  } catch (error) {
    file.fail(error);
    throw error;
  }
  await ended;
  return Buffer.concat(parts);
}
