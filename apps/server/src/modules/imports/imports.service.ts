/**
 * Import orders (spec §2, product decisions "Hub work"): an xlsx of orders for one account. Each order stands
 * alone: it goes through exactly POST /orders' rules (the shared schema, order-drafts.ts, place-orders.ts),
 * the good ones are placed in one transaction (priced, charged until the credit runs out, HS codes from the
 * declarations, first tracking event) and each bad one is reported with its rows and column. An order is
 * placed whole or not at all.
 */
import type { OrderImportFailure, OrderImportResult } from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import { type Actor, accountScope, crossesAccounts } from '../../lib/account-scope.ts';
import { AppError, fieldError, isUniqueViolation } from '../../lib/app-error.ts';
import { readSheetWithTitles } from '../../lib/excel/sheet-reader.ts';
import { writeSheet } from '../../lib/excel/sheet-writer.ts';
import { type AccountRowWithVendor, findAccount } from '../accounts/accounts.service.ts';
import { loadDraftContext } from '../orders/draft-context.ts';
import { draftOrders, type OrderDraft, type OrderInput } from '../orders/order-drafts.ts';
import { placeOrders } from '../orders/place-orders.ts';
import { changedBy } from '../orders/status-change.ts';
import {
  type ImportedOrder,
  ORDER_IMPORT_COLUMNS,
  ordersOfSheet,
  problemAt,
  templateRows,
} from './import-columns.ts';

export class OrderImportService {
  constructor(private readonly db: Database) {}

  /**
   * Account users (and their API keys) import for their own account, and get 403 naming another; admins and
   * operators import for the account they choose, or their own when they choose none.
   */
  private async accountFor(actor: Actor, requested: string | undefined): Promise<AccountRowWithVendor> {
    const accountSid =
      accountScope(actor, requested) ?? (crossesAccounts(actor) ? actor.accountSid : undefined);
    if (!accountSid) throw fieldError('account_sid', 'Please choose an account.');
    const account = await findAccount(this.db, accountSid);
    if (!account) throw AppError.notFound('Account not found.');
    if (!account.isActive) throw AppError.badRequest(`The account ${account.name} is inactive.`);
    return account;
  }

  async import(actor: Actor, requested: string | undefined, file: Buffer): Promise<OrderImportResult> {
    // The account is checked before the file is read: a refused caller learns nothing about parsing.
    const account = await this.accountFor(actor, requested);
    const sheet = await readSheetWithTitles(file, ORDER_IMPORT_COLUMNS);
    const orders = ordersOfSheet(sheet);
    const failed = new Map<ImportedOrder, string>();
    for (const order of orders) if (order.problems.length > 0) failed.set(order, order.problems.join('; '));

    const valid = orders.filter((order) => order.input !== undefined && !failed.has(order));
    const inputs = valid.map((order) => order.input as OrderInput);
    const context = await loadDraftContext(this.db, account, inputs);
    const drafted = draftOrders(inputs, context);
    const drafts: OrderDraft[] = [];
    for (const result of drafted) {
      const order = valid[result.index] as ImportedOrder;
      if (result.ok) {
        drafts.push(result.draft);
        continue;
      }
      const messages = result.problems.map((problem) => {
        // `items.N.hs_code` names the item's row; a price problem is the whole order's.
        const item = problem.path?.match(/^items\.(\d+)\.(\w+)$/);
        if (!item) return problemAt(order.rows, undefined, problem.message);
        const row = order.rows[Number(item[1])] ?? (order.rows[0] as number);
        return problemAt([row], sheet.titleOf(item[2] as string), problem.message);
      });
      failed.set(order, messages.join('; '));
    }

    let imported = 0;
    if (drafts.length > 0) {
      try {
        await this.db.transaction(async (tx) => {
          const { placed, refused } = await placeOrders(tx, drafts, {
            policy: 'until-short',
            by: changedBy(actor),
          });
          imported = placed.length;
          for (const refusal of refused) {
            const order = valid[refusal.index] as ImportedOrder;
            const column = refusal.reason === 'order_number_taken' ? sheet.titleOf('orderNumber') : undefined;
            failed.set(order, problemAt(order.rows, column, refusal.message));
          }
        });
      } catch (error) {
        // Another call placed one of these order numbers between the check and the insert: nothing was kept.
        if (isUniqueViolation(error))
          throw AppError.conflict(
            'Another import placed some of these order numbers at the same time; nothing was imported. Please upload the file again.',
          );
        throw error;
      }
    }

    const failedOrders: OrderImportFailure[] = orders
      .filter((order) => failed.has(order))
      .map((order) => ({ orderNumber: order.orderNumber, msg: failed.get(order) as string }));
    return { failedOrders, imported };
  }

  /** The template: the header row and one order of two items sharing its order number. */
  template(): Promise<Buffer> {
    const [headers = [], ...examples] = templateRows();
    return writeSheet(
      'Orders',
      headers.map((header) => ({ header: String(header), width: 16 })),
      examples.map((cells) => ({ cells })),
      { freezeHeader: false, keepEmptyText: true },
    );
  }
}
