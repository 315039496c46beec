/**
 * An xlsx written while it is sent: ExcelJS's streaming WorkbookWriter feeding a PassThrough that the route
 * hands to Fastify as the reply. Rows are committed as they come and the zip leaves in pieces, so memory
 * stays flat whatever the row count; `room()` lets the producer wait while the client is slower than the
 * database. Every data row goes through the formula rule (safe-cell.ts).
 */
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { addSafeRow, guardRow } from './safe-cell.ts';

export interface SheetColumn {
  header: string;
  /** Characters; the spreadsheet's default when left out. */
  width?: number;
  numFmt?: string;
}

export interface SheetOptions {
  /** Keep the header row in view while scrolling (default); templates meant to be filled in leave it off. */
  freezeHeader?: boolean;
}

/**
 * Adds a sheet laid out the one way the product's workbooks are: the columns' widths and number formats, and
 * a bold header row (by the formula rule), frozen unless `freezeHeader` is false. For either ExcelJS writer.
 */
export function addHeaderedSheet(
  workbook: Pick<ExcelJS.Workbook, 'addWorksheet'>,
  name: string,
  columns: readonly SheetColumn[],
  options: SheetOptions = {},
): ExcelJS.Worksheet {
  const views = options.freezeHeader === false ? [] : [{ state: 'frozen' as const, ySplit: 1 }];
  const sheet = workbook.addWorksheet(name, { views });
  sheet.columns = columns.map((column) => ({
    width: column.width,
    style: column.numFmt ? { numFmt: column.numFmt } : {},
  }));
  const header = guardRow(sheet.addRow(columns.map((column) => column.header)));
  header.font = { bold: true };
  header.commit();
  return sheet;
}

export class StreamedWorkbook {
  /** What the route sends; it ends when the workbook is committed. */
  readonly stream = new PassThrough();
  private readonly workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: this.stream,
    // Shared strings would be kept in memory to the end; styles carry the number formats.
    useSharedStrings: false,
    useStyles: true,
  });

  private current: ExcelJS.Worksheet | undefined;

  /**
   * A sheet with a bold header row, frozen unless `freezeHeader` is false; add rows with `addRow`. The sheet
   * before it is committed first: the zip holds one entry open at a time, and a second open sheet would wait
   * in memory.
   */
  addSheet(name: string, columns: readonly SheetColumn[], options: SheetOptions = {}): ExcelJS.Worksheet {
    this.current?.commit();
    const sheet = addHeaderedSheet(this.workbook, name, columns, options);
    this.current = sheet;
    return sheet;
  }

  /** Adds and commits one data row, by the formula rule. */
  addRow(sheet: ExcelJS.Worksheet, values: readonly unknown[]): void {
    addSafeRow(sheet, values).commit();
  }

  /** Whether the reader went away (client closed the connection). */
  get closed(): boolean {
    return this.stream.destroyed;
  }

  /**
   * Resolves once the file has room for more, so a slow client (or a slower deflate) slows the database read
   * instead of the file piling up in memory; throws when the client has gone, which ends the read.
   * ExcelJS hands a sheet's XML to the zip without heeding backpressure, and zlib finishes a chunk per turn of
   * the event loop: without this wait the XML piled up unzipped (100,000 orders: +110 MB, growing with rows).
   * So the zip's entry input and the reply are both watched.
   */
  async room(): Promise<void> {
    // Let archiver and zlib move what the last rows produced along.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (;;) {
      if (this.closed) throw new Error('The client closed the connection.');
      const full = [this.zipEntryInput(), this.stream].find((stream) => stream && needsDrain(stream));
      if (!full) return;
      await drainOrClose(full, this.stream);
    }
  }

  /** The zip's input for the open sheet (ExcelJS internals: the sheet's StreamBuf pipes into it). */
  private zipEntryInput(): Writable | undefined {
    const sheet = this.current as unknown as { _stream?: { pipes?: Writable[] } } | undefined;
    return sheet?._stream?.pipes?.[0];
  }

  /** Commits the workbook: the stream ends after the zip's last bytes. */
  async finish(): Promise<void> {
    await this.workbook.commit();
  }

  /** Ends the reply with an error: the client sees a cut transfer, never a truncated file as complete. */
  fail(error: unknown): void {
    this.stream.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Whether writes have outrun the stream (archiver's streams are readable-stream 2: no writableNeedDrain). */
function needsDrain(stream: Writable): boolean {
  const legacy = (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState;
  return stream.writableNeedDrain ?? legacy?.needDrain ?? false;
}

/** Waits for `stream` to drain, or for the reply to close (then the caller sees `closed`). */
function drainOrClose(stream: Writable, reply: PassThrough): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      reply.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    reply.on('close', done);
  });
}
