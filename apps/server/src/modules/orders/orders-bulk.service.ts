/**
 * Bulk actions on orders chosen in the list (issue item 7): a spreadsheet of them, or deleting those that may
 * be deleted (their labels as one PDF live with the labels, which read the choice from here). The orders are
 * named by sid or by the list's filters; either way the caller reaches exactly what the list shows them
 * (account users: their own account), and each action goes through the single-order path (the orders
 * service's delete with its refund).
 */
import {
  type BulkDeleteResult,
  type BulkOrdersInputSchema,
  type BulkSkippedOrder,
  canDeleteOrder,
  englishOf,
  MAX_BULK_ORDERS,
  type Text,
  text,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { type Actor, crossesAccounts } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { notDeletableText } from './order-deletion.ts';
import { type OrderListItem, type OrdersService, toOrderListItem } from './orders.service.ts';
import { ordersBulkRepository } from './orders-bulk.repository.ts';
import { ordersWorkbook } from './orders-bulk-workbook.ts';

export type BulkInput = z.output<typeof BulkOrdersInputSchema>;

const tooMany = () =>
  AppError.badRequest(text('orders.bulkTooMany', { max: MAX_BULK_ORDERS.toLocaleString('en-US') }));
const noneFound = () => AppError.notFound(text('orders.notFound'));

/** An order left alone, and why: in English, and as its catalogue text. */
const skippedOrder = (sid: string, orderNumber: string | null, why: Text): BulkSkippedOrder => ({
  sid,
  orderNumber,
  msg: englishOf(why),
  key: why.key,
  ...(why.params ? { params: why.params } : {}),
});

export class OrdersBulkService {
  constructor(
    private readonly db: Database,
    private readonly orders: OrdersService,
  ) {}

  /**
   * The chosen orders the actor may reach, newest first. Named orders of another account are left out as if
   * they did not exist; when none is left, 404. Filters go through the list itself (same scope, same rules).
   */
  async chosen(actor: Actor, input: BulkInput): Promise<OrderListItem[]> {
    if (input.sids) {
      const scope = crossesAccounts(actor) ? undefined : (actor.accountSid ?? '');
      const rows = await ordersBulkRepository.listed(this.db, [...new Set(input.sids)], scope);
      if (rows.length === 0) throw noneFound();
      return rows.map(toOrderListItem);
    }
    const { data } = await this.orders.list(actor, {
      ...(input.filter as NonNullable<BulkInput['filter']>),
      page: 0,
      page_size: MAX_BULK_ORDERS + 1,
      sort: 'date_created',
      direction: 'desc',
    });
    if (data.length > MAX_BULK_ORDERS) throw tooMany();
    if (data.length === 0) throw noneFound();
    return data;
  }

  /** The chosen orders as an xlsx, one row each. */
  async export(actor: Actor, input: BulkInput): Promise<Buffer> {
    return ordersWorkbook(await this.chosen(actor, input));
  }

  /**
   * Deletes the chosen orders that may be deleted, each in its own transaction with its refund (the same call
   * as DELETE /orders/{sid}, which locks the order and refuses one the hub has handled); the others are
   * reported with the reason. One failure does not undo the rest.
   */
  async delete(actor: Actor, input: BulkInput): Promise<BulkDeleteResult> {
    const chosen = await this.chosen(actor, input);
    const skipped: BulkSkippedOrder[] = [];
    let deleted = 0;
    for (const order of chosen) {
      const skip = (why: Text) => skipped.push(skippedOrder(order.sid, order.orderNumber, why));
      if (!canDeleteOrder(order.status)) {
        skip(notDeletableText(order));
        continue;
      }
      try {
        await this.orders.delete(actor, order.sid);
        deleted += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        skip(error.text);
      }
    }
    if (input.sids) {
      const found = new Set(chosen.map((order) => order.sid));
      for (const sid of new Set(input.sids))
        if (!found.has(sid)) skipped.push(skippedOrder(sid, null, text('orders.notFound')));
    }
    return { deleted, skipped };
  }
}
