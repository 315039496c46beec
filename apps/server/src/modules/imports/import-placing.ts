/**
 * An import's orders placed as they arrive from the intake (order-intake.ts): each order stands alone, the good
 * ones are drafted and placed a chunk a transaction (IMPORT_STEPS), the bad ones are kept with their problems
 * for the reply. An order is placed whole or not at all; the file is not (docs/decisions.md, "Imports in
 * chunks"). Only the orders waiting for their chunk and the failures are held, never the file's orders.
 */
import type { OrderImportResult, Text } from '@parcelops/shared';
import { text as say } from '@parcelops/shared';
import { type Database, isEmbedded } from '../../db/database.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { nextTurn } from '../../lib/turns.ts';
import type { AccountRowWithVendor } from '../accounts/accounts.service.ts';
import { loadDraftContext } from '../orders/draft-context.ts';
import { draftOrder, type OrderDraft, type OrderInput } from '../orders/order-drafts.ts';
import {
  type CreditRefusal,
  type Placement,
  type Refusal,
  refreshPlacingStatistics,
  refusedAfter,
} from '../orders/place-orders.ts';
import type { ChangedBy } from '../orders/status-change.ts';
import { draftSheetProblems, reportedText, type SheetProblem, sheetProblem } from './import-columns.ts';
import { failureOf } from './import-failures.ts';
import type { IntakeOrder } from './order-intake.ts';

/** Mutable so that tests can lower them. */
export const IMPORT_STEPS = {
  /** Orders checked between two turns of the event loop, and handed over by the intake at a time. */
  perTurn: 500,
  /**
   * Orders drafted and placed per transaction on PostgreSQL: other calls have other connections; a chunk holds
   * the account's row lock (other orders of the account wait) for a few hundred ms.
   */
  serverChunk: 500,
  /**
   * On PGlite a transaction holds the one connection and this thread, so other calls wait for the chunk under
   * way: each chunk is sized from the last one's time to take about `targetMs` (100 orders take about 40 ms on
   * an idle machine, two or three times that on a busy one, and garbage collection or the database's own
   * housekeeping now and then doubles one).
   */
  embeddedChunk: { first: 50, min: 20, max: 400, targetMs: 40 },
  /**
   * On PGlite, the orders tables' statistics are refreshed each time the import has placed this many times
   * more orders (2,000, 8,000, 32,000...): without it a chunk of 50 orders went from 20 to 50 ms over 60,000.
   */
  statisticsEvery: { first: 2_000, factor: 4 },
  /** Attempts of a chunk that meets an order number placed meanwhile by another call (then refused per row). */
  attempts: 3,
};

/** Places one chunk of drafts in its own transaction (OrderImportService.placeChunk). */
export type PlaceChunk = (
  accountSid: string,
  drafts: OrderDraft[],
  by: ChangedBy,
) => Promise<{ placement: Placement; at: Date }>;

interface Failed {
  orderNumber: string;
  rows: number[];
  problems: readonly SheetProblem[];
}

export class ImportPlacing {
  /** Orders placed so far. */
  imported = 0;
  private readonly failed: Failed[] = [];
  /** Good orders read and not yet placed, in the file's order. */
  private waiting: IntakeOrder[] = [];
  /** When the first and the last chunk that placed orders began: the placed orders' date_created. */
  private placedFrom: Date | undefined;
  private placedTo: Date | undefined;
  private refreshAt = IMPORT_STEPS.statisticsEvery.first;
  /** Where the credit ran out: every later charged order is refused, as within one chunk. */
  private creditStop: CreditRefusal | undefined;
  /** Set when placing stopped for good: every later order is reported with these words. */
  private stoppedWith: Text | undefined;
  /** The last sheet row read, and whether reading stopped before the file's end. */
  private lastRow = 0;
  private unread = false;
  private readonly size: { next(): number; took(ms: number): void };

  constructor(
    private readonly db: Database,
    private readonly account: AccountRowWithVendor,
    private readonly by: ChangedBy,
    private readonly place: PlaceChunk,
    private readonly onStopped?: (error: unknown) => void,
  ) {
    this.size = chunkSizer(isEmbedded(db));
  }

  /** The intake's next orders: the bad ones kept for the reply, the good ones placed once a chunk is full. */
  async take(orders: readonly IntakeOrder[]): Promise<void> {
    for (const order of orders) {
      this.lastRow = Math.max(this.lastRow, ...order.rows);
      if (order.problems.length > 0 || !order.input) this.fail(order, order.problems);
      else if (this.stoppedWith) this.fail(order, [sheetProblem(order.rows, undefined, this.stoppedWith)]);
      else this.waiting.push(order);
    }
    while (!this.stoppedWith && this.waiting.length >= this.size.next()) await this.placeNext();
  }

  /** The file is read: the orders still waiting are placed. */
  async finish(): Promise<void> {
    while (!this.stoppedWith && this.waiting.length > 0) await this.placeNext();
  }

  /** Reading the file stopped part-way after some orders were placed: what was read and not placed is listed. */
  stoppedReading(): void {
    const words = say('imports.stopped');
    for (const order of this.waiting) this.fail(order, [sheetProblem(order.rows, undefined, words)]);
    this.waiting = [];
    this.unread = true;
  }

  result(titles: { titleOf(key: string): string }): OrderImportResult {
    const failedOrders = this.failed
      .sort((a, b) => (a.rows[0] ?? 0) - (b.rows[0] ?? 0))
      .map((order) => failureOf(order, order.problems, titles));
    if (this.unread) {
      const words = say('imports.stoppedReading', { row: this.lastRow });
      failedOrders.push(
        failureOf({ orderNumber: '', rows: [] }, [sheetProblem([], undefined, words)], titles),
      );
    }
    const placed =
      this.placedFrom && this.placedTo
        ? {
            account_sid: this.account.sid,
            from: this.placedFrom.toISOString(),
            to: this.placedTo.toISOString(),
          }
        : null;
    return { failedOrders, imported: this.imported, placed };
  }

  private fail(order: IntakeOrder | Failed, problems: readonly SheetProblem[]): void {
    // Only what the reply needs: the rows' cells go with the chunk.
    this.failed.push({ orderNumber: order.orderNumber, rows: order.rows, problems });
  }

  /** The next chunk, from its context (small lookups) to its transaction, so no step holds the API. */
  private async placeNext(): Promise<void> {
    const part = this.waiting.splice(0, this.size.next());
    const started = performance.now();
    const context = await loadDraftContext(
      this.db,
      this.account,
      part.map((order) => order.input as OrderInput),
    );
    const drafts: OrderDraft[] = [];
    for (const [index, order] of part.entries()) {
      // The draft's index is the order's place in the chunk.
      const result = draftOrder(order.input as OrderInput, index, context);
      if (result.ok) drafts.push(result.draft);
      else this.fail(order, draftSheetProblems(order, result.problems));
    }
    const refuse = (refusal: Refusal) => {
      const order = part[refusal.index] as IntakeOrder;
      // A used order number is the first row's cell (where the order's fields are read); credit is the order's.
      const problem =
        refusal.reason === 'order_number_taken'
          ? sheetProblem(order.rows.slice(0, 1), 'orderNumber', reportedText(refusal))
          : sheetProblem(order.rows, undefined, reportedText(refusal));
      this.fail(order, [problem]);
    };
    const stop = this.creditStop;
    if (stop) for (const draft of drafts) if (draft.useCredit) refuse(refusedAfter(stop, draft));
    const placing = stop ? drafts.filter((draft) => !draft.useCredit) : drafts;
    if (placing.length === 0) return;
    let placement: Placement;
    let at: Date;
    try {
      ({ placement, at } = await this.place(this.account.sid, placing, this.by));
    } catch (error) {
      if (this.imported === 0) throw unplaced(error);
      // Earlier chunks are in: say which orders are not, each by its rows, and hand the failure on.
      if (!(error instanceof AppError)) this.onStopped?.(error);
      const words: Text = isUniqueViolation(error)
        ? say('imports.raced')
        : error instanceof AppError
          ? error.text
          : say('imports.stopped');
      this.stoppedWith = words;
      const notPlaced = new Set(placing.map((draft) => part[draft.index]));
      for (const order of [...part.filter((order) => notPlaced.has(order)), ...this.waiting])
        this.fail(order, [sheetProblem(order.rows, undefined, words)]);
      this.waiting = [];
      return;
    }
    this.size.took(performance.now() - started);
    this.imported += placement.placed.length;
    if (placement.placed.length > 0) {
      this.placedFrom ??= at;
      this.placedTo = at;
    }
    for (const refusal of placement.refused) {
      refuse(refusal);
      if (refusal.reason === 'insufficient_credit') this.creditStop ??= refusal;
    }
    if (this.imported >= this.refreshAt) {
      this.refreshAt *= IMPORT_STEPS.statisticsEvery.factor;
      await refreshPlacingStatistics(this.db);
    }
    // Calls that arrived during the chunk go before the next one.
    await nextTurn();
  }
}

/**
 * The size of the next chunk: fixed on PostgreSQL; on PGlite fitted to the last chunk's time, shrinking at
 * once when a chunk ran long and growing by half at most when it ran short (one slow chunk, a garbage
 * collection, should not make the next ten tiny, nor one quick one the next huge).
 */
export function chunkSizer(
  embedded: boolean,
  { first, min, max, targetMs } = IMPORT_STEPS.embeddedChunk,
  serverChunk = IMPORT_STEPS.serverChunk,
): { next(): number; took(ms: number): void } {
  if (!embedded) return { next: () => serverChunk, took: () => {} };
  let size = first;
  return {
    next: () => size,
    took(ms) {
      const fitted = Math.round((size * targetMs) / Math.max(ms, 1));
      size = Math.min(max, Math.max(min, Math.min(fitted, Math.ceil(size * 1.5))));
    },
  };
}

/** A failure before any order was placed: as it was when an import was one transaction. */
function unplaced(error: unknown): unknown {
  // Another call kept placing these order numbers between the check and the insert: nothing was kept.
  if (isUniqueViolation(error)) return AppError.conflict(say('imports.racedNothingImported'));
  return error;
}
