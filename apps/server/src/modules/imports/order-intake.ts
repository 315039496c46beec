/**
 * The orders' intake, one pipeline for imports and batch orders: an order file is read as a stream, never
 * whole. Rows sharing an order number are one order wherever they sit in the file, so the file is read twice:
 * `surveyOrders` reads it through once, refusing it as an upload is refused (its columns, too many rows, none)
 * and counting the rows of every order number used on more than one row; `openIntake` reads it again and hands
 * over the orders, each checked by POST /orders' schema (import-columns.ts), in the file's order, a chunk at a
 * time. An order is handed over once its last row is read; the rows of an order whose rows are still to come
 * are all that is held, besides the chunk (docs/decisions.md, "Order files read as a stream").
 */
import { cellText } from '../../lib/excel/cell-value.ts';
import { openSheet, type ParseOptions, type SheetRow } from '../../lib/excel/sheet-reader.ts';
import { nextTurn } from '../../lib/turns.ts';
import { checkedOrder, type ImportedOrder, ORDER_IMPORT_COLUMNS } from './import-columns.ts';

/** What the first read found. */
export interface OrderSurvey {
  /** Data rows. */
  rows: number;
  /** The orders, a row or several each. */
  orders: number;
  /** The rows of each order number used on more than one row (any other row is an order of its own). */
  rowsOf: ReadonlyMap<string, number>;
}

/** An order of the file with its rows' cells, which its problems quote (each cell's value). */
export interface IntakeOrder extends ImportedOrder {
  group: readonly SheetRow[];
}

/** The orders of the file, read again, a chunk at a time. */
export interface OrderIntake {
  /** The file's own header for a column key. */
  titleOf(key: string): string;
  /** Chunks of up to `chunk` orders in the file's order (by their first row). */
  chunks: AsyncGenerator<IntakeOrder[], void, undefined>;
  close(): Promise<void>;
}

const orderNumberOf = (row: SheetRow) => cellText(row.cells.orderNumber ?? null);

/**
 * Reads the file through, refusing it as its upload would (a 400 naming what to fix), and counts the rows of
 * every order number: nothing but the counts is kept.
 */
export async function surveyOrders(
  file: Buffer,
  maxRows: number,
  options: ParseOptions = {},
): Promise<OrderSurvey> {
  const sheet = await openSheet(file, ORDER_IMPORT_COLUMNS, maxRows, options);
  const counts = new Map<string, number>();
  let rows = 0;
  let alone = 0;
  for await (const slice of sheet.slices) {
    for (const row of slice) {
      rows++;
      const number = orderNumberOf(row);
      if (number === '') alone++;
      else counts.set(number, (counts.get(number) ?? 0) + 1);
    }
  }
  const orders = alone + counts.size;
  for (const [number, count] of counts) if (count === 1) counts.delete(number);
  return { rows, orders, rowsOf: counts };
}

/** A group of rows waiting for the rest of its order, or complete and waiting for earlier orders. */
interface Pending {
  group: SheetRow[];
  missing: number;
}

/**
 * Reads the file again and hands over its orders, checked, `chunk` at a time (survey: the file's first read).
 * Checking takes turns of the event loop between chunks, so a long file never holds other calls.
 */
export async function openIntake(
  file: Buffer,
  survey: OrderSurvey,
  maxRows: number,
  chunk: number,
  options: ParseOptions = {},
): Promise<OrderIntake> {
  const sheet = await openSheet(file, ORDER_IMPORT_COLUMNS, maxRows, options);
  async function* chunks(): AsyncGenerator<IntakeOrder[], void, undefined> {
    // Every order begun and not yet handed over, in the order of their first rows.
    const queue: Pending[] = [];
    let head = 0;
    const open = new Map<string, Pending>();
    let ready: IntakeOrder[] = [];
    const take = (pending: Pending) => ready.push({ ...checkedOrder(pending.group), group: pending.group });
    for await (const slice of sheet.slices) {
      for (const row of slice) {
        const number = orderNumberOf(row);
        const waiting = number === '' ? undefined : open.get(number);
        if (waiting) {
          waiting.group.push(row);
          waiting.missing--;
          if (waiting.missing === 0) open.delete(number);
        } else {
          const rows = number === '' ? 1 : (survey.rowsOf.get(number) ?? 1);
          const pending: Pending = { group: [row], missing: rows - 1 };
          if (pending.missing > 0) open.set(number, pending);
          queue.push(pending);
        }
        while (head < queue.length && (queue[head] as Pending).missing <= 0) {
          take(queue[head] as Pending);
          head++;
          // Handed-over orders leave the queue now and then, not one shift at a time.
          if (head >= 1_024) {
            queue.splice(0, head);
            head = 0;
          }
          if (ready.length >= chunk) {
            yield ready;
            ready = [];
            await nextTurn();
          }
        }
      }
    }
    // Only a file changed since its survey leaves an order short of rows: it goes as it was read.
    for (const pending of queue.slice(head)) take(pending);
    if (ready.length > 0) yield ready;
  }
  return { titleOf: sheet.titleOf, chunks: chunks(), close: sheet.close };
}
