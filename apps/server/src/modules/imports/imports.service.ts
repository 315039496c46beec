/**
 * Import orders (spec §2, product decisions "Hub work"): an xlsx of orders for one account. Each order stands
 * alone: it goes through exactly POST /orders' rules (the shared schema, order-drafts.ts, place-orders.ts),
 * the good ones are placed (priced, charged until the credit runs out, HS codes from the declarations, first
 * tracking event) and each bad one is reported with its rows and column. An order is placed whole or not at
 * all; the file is not: the orders are checked and drafted a slice at a time between turns of the event loop
 * and placed a chunk a transaction (IMPORT_STEPS), so an import of 100,000 orders never holds the API, PGlite's
 * one connection included (issue 17; docs/decisions.md, "Imports in chunks").
 */
import { type OrderImportResult, text as say, type Text } from '@parcelops/shared';
import { type Database, isEmbedded } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { readSheetWithTitles } from '../../lib/excel/sheet-reader.ts';
import { writeSheet } from '../../lib/excel/sheet-writer.ts';
import { nextTurn } from '../../lib/turns.ts';
import { accountForUpload, lockAccount } from '../accounts/accounts.service.ts';
import { loadDraftContext } from '../orders/draft-context.ts';
import { draftOrder, type OrderDraft, type OrderInput } from '../orders/order-drafts.ts';
import {
  type CreditRefusal,
  type Placement,
  placeOrders,
  type Refusal,
  refreshPlacingStatistics,
  refusedAfter,
} from '../orders/place-orders.ts';
import { type ChangedBy, changedBy, type StatusChangeListener } from '../orders/status-change.ts';
import {
  draftSheetProblems,
  type ImportedOrder,
  ORDER_IMPORT_COLUMNS,
  ordersOfSheet,
  reportedText,
  type SheetProblem,
  sheetProblem,
  templateRows,
} from './import-columns.ts';
import { failureOf } from './import-failures.ts';
import { importsRepository } from './imports.repository.ts';

/** Mutable so that tests can lower them. */
export const IMPORT_STEPS = {
  /** Orders checked between two turns of the event loop: a few ms of work. */
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

export interface ImportOptions {
  /** Aborted when the client has gone: the file's reading stops (lib/excel/client-gone.ts). */
  signal?: AbortSignal;
  /**
   * Told of a failure that stopped the import after some chunks were placed: the reply then lists the orders
   * not placed, and this is where the failure itself goes (the route logs it).
   */
  onStopped?: (error: unknown) => void;
}

export class OrderImportService {
  constructor(
    private readonly db: Database,
    /** Told of every status change (the seller's webhook events). */
    private readonly notify: StatusChangeListener,
  ) {}

  async import(
    actor: Actor,
    requested: string | undefined,
    file: Buffer,
    options: ImportOptions = {},
  ): Promise<OrderImportResult> {
    // The account is checked before the file is read: a refused caller learns nothing about parsing.
    const account = await accountForUpload(this.db, actor, requested);
    const sheet = await readSheetWithTitles(file, ORDER_IMPORT_COLUMNS, undefined, {
      signal: options.signal,
    });
    const orders = await ordersOfSheet(sheet, IMPORT_STEPS.perTurn);
    const failed = new Map<ImportedOrder, readonly SheetProblem[]>();
    for (const order of orders) if (order.problems.length > 0) failed.set(order, order.problems);

    const valid = orders.filter((order) => order.input !== undefined && !failed.has(order));
    const by = changedBy(actor);
    let imported = 0;
    // When the first and the last chunk that placed orders began: the placed orders' date_created.
    let placedFrom: Date | undefined;
    let placedTo: Date | undefined;
    let refreshAt = IMPORT_STEPS.statisticsEvery.first;
    // Where the credit ran out: every later charged order is refused, as within one chunk.
    let creditStop: CreditRefusal | undefined;
    // A chunk at a time, from its context (small lookups) to its transaction, so no step holds the API.
    const size = chunkSizer(isEmbedded(this.db));
    for (let start = 0; start < valid.length; ) {
      const from = start;
      const part = valid.slice(from, from + size.next());
      start += part.length;
      const started = performance.now();
      const context = await loadDraftContext(
        this.db,
        account,
        part.map((order) => order.input as OrderInput),
      );
      const drafts: OrderDraft[] = [];
      for (const [index, order] of part.entries()) {
        // The draft's index is the order's place in the chunk.
        const result = draftOrder(order.input as OrderInput, index, context);
        if (result.ok) drafts.push(result.draft);
        else failed.set(order, draftSheetProblems(order, result.problems));
      }
      const refuse = (refusal: Refusal) => {
        const order = part[refusal.index] as ImportedOrder;
        // A used order number is the first row's cell (where the order's fields are read); credit is the order's.
        const problem =
          refusal.reason === 'order_number_taken'
            ? sheetProblem(order.rows.slice(0, 1), 'orderNumber', reportedText(refusal))
            : sheetProblem(order.rows, undefined, reportedText(refusal));
        failed.set(order, [problem]);
      };
      const stop = creditStop;
      if (stop) for (const draft of drafts) if (draft.useCredit) refuse(refusedAfter(stop, draft));
      const placing = stop ? drafts.filter((draft) => !draft.useCredit) : drafts;
      if (placing.length === 0) continue;
      let placement: Placement;
      let at: Date;
      try {
        ({ placement, at } = await this.placeChunk(account.sid, placing, by));
      } catch (error) {
        if (imported === 0) throw unplaced(error);
        // Earlier chunks are in: say which orders are not, each by its rows, and hand the failure on.
        if (!(error instanceof AppError)) options.onStopped?.(error);
        const words: Text = isUniqueViolation(error)
          ? say('imports.raced')
          : error instanceof AppError
            ? error.text
            : say('imports.stopped');
        for (const order of valid.slice(from))
          if (!failed.has(order)) failed.set(order, [sheetProblem(order.rows, undefined, words)]);
        break;
      }
      size.took(performance.now() - started);
      imported += placement.placed.length;
      if (placement.placed.length > 0) {
        placedFrom ??= at;
        placedTo = at;
      }
      for (const refusal of placement.refused) {
        refuse(refusal);
        if (refusal.reason === 'insufficient_credit') creditStop ??= refusal;
      }
      if (imported >= refreshAt) {
        refreshAt *= IMPORT_STEPS.statisticsEvery.factor;
        await refreshPlacingStatistics(this.db);
      }
      // Calls that arrived during the chunk go before the next one.
      await nextTurn();
    }

    const failedOrders = orders
      .filter((order) => failed.has(order))
      .map((order) => failureOf(order, failed.get(order) ?? [], sheet));
    const placed =
      placedFrom && placedTo
        ? { account_sid: account.sid, from: placedFrom.toISOString(), to: placedTo.toISOString() }
        : null;
    return { failedOrders, imported, placed };
  }

  /**
   * One chunk in its own transaction, the account locked first: an account deleted meanwhile is a 404 (and the
   * deletion waits for the chunk, then refuses: the account has orders). A chunk that meets an order number
   * another call placed since it was checked is rolled back and placed again, which then refuses that order
   * by its row.
   */
  private async placeChunk(
    accountSid: string,
    drafts: OrderDraft[],
    by: ChangedBy,
  ): Promise<{ placement: Placement; at: Date }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          if (!(await lockAccount(tx, accountSid))) throw AppError.notFound(say('imports.accountNotFound'));
          const at = await importsRepository.transactionStart(tx);
          const placement = await placeOrders(tx, drafts, { policy: 'until-short', by, notify: this.notify });
          return { placement, at };
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= IMPORT_STEPS.attempts) throw error;
      }
    }
  }

  template(): Promise<Buffer> {
    return ordersTemplate();
  }
}

/** The template: the header row and one order of two items sharing its order number (batches use it too). */
export function ordersTemplate(): Promise<Buffer> {
  const [headers = [], ...examples] = templateRows();
  return writeSheet(
    'Orders',
    headers.map((header) => ({ header: String(header), width: 16 })),
    examples.map((cells) => ({ cells })),
    { freezeHeader: false, keepEmptyText: true },
  );
}

/**
 * The size of the next chunk: fixed on PostgreSQL; on PGlite fitted to the last chunk's time, shrinking at
 * once when a chunk ran long and growing by half at most when it ran short (one slow chunk, a garbage
 * collection, should not make the next ten tiny, nor one quick one the next huge).
 */
function chunkSizer(embedded: boolean): { next(): number; took(ms: number): void } {
  if (!embedded) return { next: () => IMPORT_STEPS.serverChunk, took: () => {} };
  const { first, min, max, targetMs } = IMPORT_STEPS.embeddedChunk;
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
