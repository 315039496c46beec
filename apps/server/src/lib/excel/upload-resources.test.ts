/**
 * What an upload leaves behind (issue 17): nothing. ExcelJS's streaming reader put each worksheet met before
 * the shared strings into a temp file whose descriptor stayed open until the sheet was read, and the parser
 * stops after the first sheet: every upload left a file (customers' names on disk) and a descriptor, and a
 * workbook of 5,000 one-cell sheets took every descriptor of the process. These count the process's open
 * descriptors and the workers' temp files before and after uploads of each kind: read, refused by the guard,
 * ended at the deadline, abandoned by its client, and a workbook of many sheets (refused before it is parsed).
 */
import { type Dirent, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, unique } from '../../../test/test-app.ts';
import { handMadeWorkbook, manySheetsWorkbook, multipart, rowXml, xlsx } from '../../../test/workbooks.ts';
import { AppError } from '../app-error.ts';
import { endIdleWorkers, liveWorkers, parsesInFlight, SHEET_PARSING } from './parse-pool.ts';
import { readSheet } from './sheet-reader.ts';
import { SHEET_TEMP_ROOT } from './sheet-temp.ts';

const PRICE_HEADER = ['weight', 'vnd', 'usd'];
const COLUMNS = [
  { key: 'weight', headers: ['weight'] },
  { key: 'vnd', headers: ['vnd'] },
];

/**
 * The process's open descriptors but its sockets: on PostgreSQL the pool opens and closes connections as it
 * likes (and the session listener reconnects), which says nothing about what an upload left.
 */
const openDescriptors = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return !readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:');
    } catch {
      return false; // closed between the listing and the look (readdir's own descriptor, for one)
    }
  }).length;

function filesUnder(dir: string): number {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  return entries.reduce(
    (count, entry) => count + (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : 1),
    0,
  );
}

/** Files in this process's worker folders (other test files run in processes of their own). */
function ownTempFiles(): number {
  let names: string[];
  try {
    names = readdirSync(SHEET_TEMP_ROOT);
  } catch {
    return 0;
  }
  return names
    .filter((name) => name.startsWith(`${process.pid}-`))
    .reduce((count, name) => count + filesUnder(path.join(SHEET_TEMP_ROOT, name)), 0);
}

/** No worker left, so what the process holds is what the uploads left. */
async function settled(): Promise<{ descriptors: number; tempFiles: number }> {
  await endIdleWorkers();
  await vi.waitFor(() => expect(liveWorkers()).toBe(0), { timeout: 10_000, interval: 10 });
  return { descriptors: openDescriptors(), tempFiles: ownTempFiles() };
}

const SHEETS_MSG = (count: number) =>
  `The workbook has ${count} sheets; an upload may have at most 16. Keep only the sheet with the data (the first one), or copy it into the provided template, and upload the file again.`;
const PARTS_MSG = (count: string) =>
  `The workbook holds ${count} parts (sheets, pictures, charts and the like); an upload may hold at most 300. Copy the data into the provided template and upload the file again.`;

describe('uploads leave no temp file and no descriptor', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await endIdleWorkers();
    await t.close();
  });

  const upload = (file: Buffer) =>
    t.call('POST', '/pricese', {
      token: admin,
      body: multipart({ name: unique('Rates ') }, { buffer: file }),
    });

  /** Runs `work` three times between two counts of what the process holds. */
  async function leavesNothing(work: () => Promise<void>) {
    // A worker started once: the counts compare uploads, not the first start's one-off costs.
    await readSheet(await xlsx([PRICE_HEADER, [500, 1, 1]]), COLUMNS);
    const before = await settled();
    for (let round = 0; round < 3; round++) await work();
    expect(await settled()).toEqual(before);
  }

  it('after a workbook read whole (its sheet written before its shared strings, as Excel and ExcelJS do)', async () => {
    const file = await xlsx([PRICE_HEADER, [500, 180000, 7.5], [1000, 250000, 10]]);
    await leavesNothing(async () => {
      expect((await upload(file)).statusCode).toBe(201);
    });
  });

  it('after a workbook the guard refuses', async () => {
    const file = await handMadeWorkbook({
      sheetData: [rowXml(1, PRICE_HEADER), '<row r="2"><c r="GS2"><v>1</v></c></row>'],
    });
    await leavesNothing(async () => {
      expect((await upload(file)).statusCode).toBe(400);
    });
  });

  it('after a parse ended at its deadline', async () => {
    const file = await xlsx([PRICE_HEADER, [500, 180000, 7.5]]);
    const deadline = SHEET_PARSING.deadlineMs;
    try {
      await leavesNothing(async () => {
        SHEET_PARSING.deadlineMs = 1;
        const response = await upload(file);
        SHEET_PARSING.deadlineMs = deadline;
        expect(response.json()).toEqual({
          msg: 'The Excel file takes too long to read. Please split it into smaller files.',
          code: 'VALIDATION_FAILED',
          key: 'sheets.tooSlow',
        });
      });
    } finally {
      SHEET_PARSING.deadlineMs = deadline;
    }
  });

  it('after a parse its client abandoned, whose worker is ended at once', async () => {
    // Many rows, so the parse is still running when the client goes.
    const rows = Array.from({ length: 30_000 }, (_, index) => [index + 1, 180000, 7.5]);
    const file = await xlsx([PRICE_HEADER, ...rows]);
    await leavesNothing(async () => {
      const client = new AbortController();
      const read = readSheet(file, COLUMNS, undefined, { signal: client.signal }).then(
        () => new Error('the parse was not ended'),
        (reason: unknown) => reason,
      );
      await vi.waitFor(() => expect(parsesInFlight()).toBe(1), { timeout: 5000, interval: 2 });
      client.abort();
      const error = await read;
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toBe('The upload was abandoned before the file was read.');
      expect(parsesInFlight()).toBe(0);
    });
  });

  it('after a workbook of 5,000 one-cell sheets, refused by its zip directory before anything is parsed', async () => {
    const file = await manySheetsWorkbook(5000);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    await leavesNothing(async () => {
      const response = await upload(file);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(PARTS_MSG('5,005'));
    });
  });

  it('after a workbook of 17 sheets, refused before any is parsed; 16 are read', async () => {
    await leavesNothing(async () => {
      const response = await upload(await manySheetsWorkbook(17));
      expect(response.json()).toMatchObject({ msg: SHEETS_MSG(17), code: 'VALIDATION_FAILED' });
    });
    // Sixteen one-cell sheets: the first sheet's one cell is its header, so it is read and has no rows.
    expect(
      await readSheet(await manySheetsWorkbook(16), [{ key: 'n', headers: [], position: 0 }]).catch(
        (error: AppError) => error.message,
      ),
    ).toBe('The sheet has headers but no rows.');
  });
});
