/**
 * Import orders (spec §2, product decisions "Hub work"): an xlsx of orders for one account. Each order stands
 * alone: it goes through exactly POST /orders' rules (the shared schema, order-drafts.ts, place-orders.ts),
 * the good ones are placed (priced, charged until the credit runs out, HS codes from the declarations, first
 * tracking event) and each bad one is reported with its rows and column. An order is placed whole or not at
 * all; the file is not: the file is read as a stream (order-intake.ts), the orders checked and drafted a chunk
 * at a time between turns of the event loop and placed a chunk a transaction (import-placing.ts), so an import
 * of 100,000 orders never holds the API, PGlite's one connection included, nor all its orders in memory
 * (docs/decisions.md, "Imports in chunks" and "Order files read as a stream").
 */
import { type OrderImportResult, text as say } from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { writeSheet } from '../../lib/excel/sheet-writer.ts';
import { UPLOAD_LIMITS } from '../../lib/excel/workbook-guard.ts';
import { accountForUpload, lockAccount } from '../accounts/accounts.service.ts';
import type { OrderDraft } from '../orders/order-drafts.ts';
import { type Placement, placeOrders } from '../orders/place-orders.ts';
import { type ChangedBy, changedBy, type StatusChangeListener } from '../orders/status-change.ts';
import { templateRows } from './import-columns.ts';
import { IMPORT_STEPS, ImportPlacing } from './import-placing.ts';
import { importsRepository } from './imports.repository.ts';
import { openIntake, surveyOrders } from './order-intake.ts';

export { IMPORT_STEPS } from './import-placing.ts';

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
    // The file is read through once before anything is written: a file refused (its columns, its size, an
    // unreadable part) places nothing. Then again, a chunk of orders at a time (order-intake.ts).
    const read = { signal: options.signal };
    const survey = await surveyOrders(file, UPLOAD_LIMITS.rows, read);
    const intake = await openIntake(file, survey, UPLOAD_LIMITS.rows, IMPORT_STEPS.perTurn, read);
    const placing = new ImportPlacing(
      this.db,
      account,
      changedBy(actor),
      (accountSid, drafts, by) => this.placeChunk(accountSid, drafts, by),
      options.onStopped,
    );
    try {
      for await (const orders of intake.chunks) await placing.take(orders);
      await placing.finish();
    } catch (error) {
      // Reading again failed after orders were placed (the client went away, say): they stay, and the reply
      // says where the import stopped.
      if (placing.imported === 0) throw error;
      options.onStopped?.(error);
      placing.stoppedReading();
    } finally {
      await intake.close();
    }
    return placing.result(intake);
  }

  /**
   * One chunk in its own transaction, the account locked first: an account deleted meanwhile is a 404 (and the
   * deletion waits for the chunk, then refuses: the account has orders). A chunk that meets an order number
   * another call placed since it was checked is rolled back and placed again, which then refuses that order
   * by its row.
   */
  async placeChunk(
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
