/**
 * Checks an uploaded file before ExcelJS reads it: it must be an xlsx (a zip holding xl/workbook.xml) of a few
 * hundred entries and a handful of worksheets at most (counted from the zip's directory before anything is
 * inflated), what its entries declare to expand to must stay within bounds (a zip bomb is refused before it is
 * inflated), and then, inflating every entry once and counting, neither the real expansion, nor the shared
 * strings, nor the rows and cells of the worksheets may pass their bounds: each is refused the moment it does.
 * Runs in the parsing worker; hands back the checked entries, from which streamable-sheet.ts builds what ExcelJS
 * reads.
 */
import unzipper from 'unzipper';
import { SheetRefusal } from './sheet-refusal.ts';
import { WorkbookCellCount } from './sheet-scan.ts';

const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** Larger uploads are refused with 413 by the multipart reader. */
  fileBytes: 10 * MB,
  /** What all entries of the workbook may declare to expand to. */
  expandedBytes: 200 * MB,
  /** Data rows read from one sheet. */
  rows: 100_000,
  /**
   * What xl/sharedStrings.xml (every distinct text of the workbook) may expand to. ExcelJS keeps them all in
   * memory before the first row, at several times their size; a real 100,000-row sheet holds a few MB.
   */
  sharedStringsBytes: 50 * MB,
  /** Cells in one row, and the column any cell may sit in (column GR): an order import has about 20. */
  columnsPerRow: 200,
  /** Cells in all sheets together: 100,000 rows of 40 columns. */
  cells: 4_000_000,
  /** Rows in all sheets together, blank ones included: as many as one Excel sheet can hold. */
  sheetRows: 1_048_576,
  /**
   * Worksheets in the workbook. An upload reads one; a workbook of thousands of one-cell sheets cost a temp
   * file and a descriptor each in ExcelJS's streaming reader (issue 17), and the whole-workbook retry reads
   * them all.
   */
  worksheets: 16,
  /** Entries of the zip (parts: sheets, styles, pictures...): Excel writes about a dozen plus a few a sheet. */
  zipEntries: 300,
} as const;

/** ExcelJS's own test for a worksheet entry (unanchored, as it is there), so every sheet it could read is counted. */
export const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;
/** ExcelJS's whole-workbook reader drops a leading slash from entry names. */
const SHARED_STRINGS = /^\/?xl\/sharedStrings\.xml$/;

/** An entry of the zip's central directory, as the guard checked it. */
export type ZipEntry = unzipper.File;

export async function assertReadableWorkbook(file: Buffer): Promise<ZipEntry[]> {
  // Every zip starts with a local file header: "PK\x03\x04". PDFs, CSVs and old .xls files do not.
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) throw new SheetRefusal('sheets.notXlsx');
  // The directory's own count, before unzipper reads an entry of it (65,535 is "see the zip64 record").
  const declaredEntries = entriesDeclared(file);
  if (
    declaredEntries !== undefined &&
    declaredEntries !== 0xffff &&
    declaredEntries > UPLOAD_LIMITS.zipEntries
  )
    throw tooManyEntries(declaredEntries);
  let directory: Awaited<ReturnType<typeof unzipper.Open.buffer>>;
  try {
    directory = await unzipper.Open.buffer(file);
  } catch {
    throw new SheetRefusal('sheets.notXlsx');
  }
  if (!directory.files.some((entry) => entry.path === 'xl/workbook.xml'))
    throw new SheetRefusal('sheets.notXlsx');
  if (directory.files.length > UPLOAD_LIMITS.zipEntries) throw tooManyEntries(directory.files.length);
  const worksheets = directory.files.filter((entry) => WORKSHEET.test(entry.path)).length;
  if (worksheets > UPLOAD_LIMITS.worksheets) throw tooManySheets(worksheets);
  const declared = (entries: typeof directory.files) =>
    entries.reduce((total, entry) => total + Number(entry.uncompressedSize ?? 0), 0);
  const expanded = declared(directory.files);
  if (expanded > UPLOAD_LIMITS.expandedBytes) throw tooLarge(Math.round(expanded / MB));
  const strings = declared(directory.files.filter((entry) => SHARED_STRINGS.test(entry.path)));
  if (strings > UPLOAD_LIMITS.sharedStringsBytes) throw tooMuchText(Math.round(strings / MB));
  // The sizes above are what the archive claims; a forged archive can understate them, so inflate every
  // entry once, counting, and stop as soon as a real total passes its limit.
  let inflated = 0;
  let inflatedStrings = 0;
  const cells = new WorkbookCellCount(UPLOAD_LIMITS);
  for (const entry of directory.files) {
    if (entry.type !== 'File') continue;
    const isStrings = SHARED_STRINGS.test(entry.path);
    const sheet = WORKSHEET.test(entry.path) ? cells.sheet() : null;
    await new Promise<void>((resolve, reject) => {
      const stream = entry.stream();
      const stop = (refusal: unknown) => {
        stream.destroy();
        reject(refusal);
      };
      stream.on('data', (chunk: Buffer) => {
        inflated += chunk.length;
        if (inflated > UPLOAD_LIMITS.expandedBytes) return stop(tooLarge());
        if (isStrings) inflatedStrings += chunk.length;
        if (inflatedStrings > UPLOAD_LIMITS.sharedStringsBytes) return stop(tooMuchText());
        try {
          sheet?.write(chunk);
        } catch (refusal) {
          stop(refusal);
        }
      });
      stream.on('end', () => resolve());
      stream.on('error', () => reject(new SheetRefusal('sheets.notXlsx')));
    });
  }
  return directory.files;
}

/**
 * The entry count of the zip's end-of-central-directory record (the last 22 bytes, or before a comment of up
 * to 64 KB), or undefined when there is none (unzipper then refuses the file).
 */
function entriesDeclared(file: Buffer): number | undefined {
  const signature = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
  const at = file.lastIndexOf(signature, file.length - 22);
  if (at < 0 || at < file.length - 22 - 0xffff) return undefined;
  return file.readUInt16LE(at + 10);
}

const fmt = (count: number) => count.toLocaleString('en-US');

function tooManySheets(count: number): SheetRefusal {
  return new SheetRefusal('sheets.tooManySheets', { count: fmt(count), max: UPLOAD_LIMITS.worksheets });
}

function tooManyEntries(count: number): SheetRefusal {
  return new SheetRefusal('sheets.tooManyParts', { count: fmt(count), max: UPLOAD_LIMITS.zipEntries });
}

/** What the workbook expands to, in MB; undefined when it is known only to pass the limit. */
function tooLarge(sizeMb?: number): SheetRefusal {
  const limit = UPLOAD_LIMITS.expandedBytes / MB;
  return sizeMb === undefined
    ? new SheetRefusal('sheets.expandsBeyond', { limit })
    : new SheetRefusal('sheets.expandsTo', { size: sizeMb, limit });
}

function tooMuchText(sizeMb?: number): SheetRefusal {
  const limit = UPLOAD_LIMITS.sharedStringsBytes / MB;
  return sizeMb === undefined
    ? new SheetRefusal('sheets.textExpandsBeyond', { limit })
    : new SheetRefusal('sheets.textExpandsTo', { size: sizeMb, limit });
}
