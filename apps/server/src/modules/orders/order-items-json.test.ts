/**
 * A single order's items read inside the order's own statement (order-items-json.ts) are exactly the rows a
 * select of order_items gives: the same keys, numerics as text with their scale, nulls kept, by position.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { itemsByOrder, ordersRepository } from './orders.repository.ts';
import { orderItems } from './orders.table.ts';

const { t, sellerA } = await openTestWorld({ orderAccounts: true });

describe('an order read with its items in one statement', () => {
  it('answers the items exactly as a select of order_items does', async () => {
    const order = await createOrder(t, sellerA.token, {
      items: [
        {
          skuNumber: 'SKU-B',
          quantity: 3,
          itemDescription: 'Áo dài lụa',
          itemWeight: 120.5,
          itemWidth: 1,
          itemHeight: 1,
          itemLength: 1,
        },
        { skuNumber: 'SKU-A', quantity: 1, itemWeight: 80, itemWidth: 1, itemHeight: 1, itemLength: 1 },
      ],
    });
    // A value of every kind a column holds: a declared value with cents, a null description, dimensions.
    await t.database.db
      .update(orderItems)
      .set({ declaredValue: '12.30', itemDescription: null, itemWidth: '10.250', hsCode: null })
      .where(eq(orderItems.skuNumber, 'SKU-A'));
    const read = await ordersRepository.findWithItems(t.database.db, order.sid);
    const selected = (await itemsByOrder(t.database.db, [order.sid])).get(order.sid);
    expect(selected).toHaveLength(2);
    expect(read?.items).toEqual(selected);
    expect(read?.items.map((item) => item.skuNumber)).toEqual(['SKU-B', 'SKU-A']);
    expect(read?.items[1]).toMatchObject({
      declaredValue: '12.30',
      itemWidth: '10.250',
      itemDescription: null,
    });
  });

  it('answers no items as an empty list', async () => {
    const order = await createOrder(t, sellerA.token);
    await t.database.db.delete(orderItems).where(eq(orderItems.orderSid, order.sid));
    expect((await ordersRepository.findWithItems(t.database.db, order.sid))?.items).toEqual([]);
  });
});
