/** The queries of the orders' bulk actions: the named orders, as the list shows them. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { batchNameOf, type OrderListRow } from './orders.repository.ts';
import { orders } from './orders.table.ts';

export const ordersBulkRepository = {
  /** The orders among `sids` (of `accountSid` only, when given), newest first, as the list shows them. */
  async listed(db: Executor, sids: readonly string[], accountSid?: string): Promise<OrderListRow[]> {
    if (sids.length === 0) return [];
    const rows = await db
      .select({ order: orders, accountName: accounts.name, batchName: batchNameOf })
      .from(orders)
      .innerJoin(accounts, eq(accounts.sid, orders.accountSid))
      .where(and(inArray(orders.sid, [...sids]), accountSid ? eq(orders.accountSid, accountSid) : undefined))
      .orderBy(desc(orders.dateCreated), desc(orders.sid));
    return rows.map(({ order, accountName, batchName }) => ({ ...order, accountName, batchName }));
  },
};
