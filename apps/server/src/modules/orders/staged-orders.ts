/**
 * A batch order's staged orders. A batch places its orders a chunk per transaction (batch-placement.ts), so
 * the embedded database's one connection is never held for the whole batch; until the batch succeeds those
 * orders are staged: the batch is still `in-progress`, and every list, count, report and lookup leaves them out
 * (`shownOrder`, and `order_is_staged` in the counts' trigger, migration 0026). The commit that ends the batch
 * publishes them all at once (its charges, counts and webhook events with its status); a refusal, a crash or a
 * new attempt removes them. Nobody sees half a batch: the batch's status decides for all its orders at once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { nextTurn } from '../../lib/turns.ts';
import { batchOrders } from '../batch-orders/batch-orders.table.ts';
import { orders } from './orders.table.ts';

/** Orders removed per statement when a batch's staged orders go (their items and events go with them). */
const REMOVE_CHUNK = 500;

/**
 * The condition an order must meet to be seen: not one of a batch still in progress. The batches in progress
 * are few, so the subquery is read once per statement and probed as a hash.
 */
export const shownOrder = sql`(${orders.batchSid} is null or ${orders.batchSid} not in (select ${batchOrders.sid} from ${batchOrders} where ${batchOrders.status} = 'in-progress'))`;

/**
 * In the commit that sets the batch to success, before it does: the staged orders enter the counts (the
 * trigger skipped them while they were staged), grouped as the trigger groups them.
 */
export async function publishStagedOrders(tx: Executor, batchSid: string): Promise<void> {
  await tx.execute(sql`
    insert into order_counts as c (account_sid, day, status, missing_hs_code, count)
    select account_sid, (date_created at time zone 'UTC')::date, status, missing_hs_code, count(*)::int
    from orders where batch_sid = ${batchSid}
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (account_sid, day, status, missing_hs_code) do update set count = c.count + excluded.count`);
}

/**
 * Removes the batch's staged orders, REMOVE_CHUNK per statement with a turn of the event loop between, so other
 * calls are not held up. Only while the batch is in progress: a succeeded batch's orders are never touched.
 * Returns how many went.
 */
export async function removeStagedOrders(db: Executor, batchSid: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = db
      .select({ sid: orders.sid })
      .from(orders)
      .where(and(eq(orders.batchSid, batchSid), sql`order_is_staged(${orders.batchSid})`))
      .limit(REMOVE_CHUNK);
    const gone = await db.delete(orders).where(inArray(orders.sid, batch)).returning({ sid: orders.sid });
    removed += gone.length;
    if (gone.length < REMOVE_CHUNK) return removed;
    await nextTurn();
  }
}
