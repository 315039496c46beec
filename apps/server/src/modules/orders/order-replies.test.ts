/**
 * GET /orders and GET /orders/{sid}: their bodies are, byte for byte, what zod's serializer writes for the same
 * orders, with the stored JSON's keys in the schema's order and the keys it does not know left out (stored seller
 * information and AMS details carry keys no reply declares). Kept so that any faster way of writing replies
 * has to answer exactly the same.
 */
import { ListOrdersQuerySchema, OrderListSchema, OrderSchema } from '@parcelops/shared';
import { eq, sql } from 'drizzle-orm';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { actorOf } from '../../plugins/access.ts';
import { orders } from './orders.table.ts';

const { t, sellerA } = await openTestWorld({ orderAccounts: true });

const zodSerializer = (schema: typeof OrderListSchema | typeof OrderSchema) =>
  createSerializerCompiler({})({ schema, method: 'GET', url: '/orders', httpStatus: '200' });

const order = await createOrder(t, sellerA.token, { orderNumber: 'REPLY-1' });
// As a program may have stored it: keys out of the schema's order, one it does not know, quotes to escape.
await t.database.db
  .update(orders)
  .set({
    sellerInformation: sql`'{"postalCode": "700000", "unknown": 1, "name": "Shop \\"A\\"", "city": null}'::jsonb`,
    amsDetails: { carrier: 'CX', airportCode: 'LAX' },
    name: 'Nguyễn "Văn" \\ A\u2028',
  } as never)
  .where(eq(orders.sid, order.sid));

/** The caller the routes see for seller A (as the auth plugin makes it). */
async function sellerActor() {
  const caller = await t.app.services.auth.callerOf(sellerA.token);
  return actorOf({ actor: caller.actor });
}

describe('order replies', () => {
  it("GET /orders/{sid} answers what zod's serializer writes", async () => {
    const response = await t.call('GET', `/orders/${order.sid}`, { token: sellerA.token });
    expect(response.statusCode).toBe(200);
    const expected = zodSerializer(OrderSchema)(
      await t.app.services.orders.get(await sellerActor(), order.sid),
    );
    expect(response.body).toBe(expected);
    expect(response.body).toContain(
      '"sellerInformation":{"name":"Shop \\"A\\"","city":null,"postalCode":"700000"}',
    );
    expect(response.body).toContain('"ams_details":{"airportCode":"LAX","carrier":"CX"}');
  });

  it("GET /orders answers what zod's serializer writes", async () => {
    const response = await t.call('GET', '/orders', { token: sellerA.token, query: { page_size: '5' } });
    expect(response.statusCode).toBe(200);
    const listed = await t.app.services.orders.list(
      await sellerActor(),
      ListOrdersQuerySchema.parse({ page_size: '5' }),
    );
    expect(listed.data.some((row) => row.sid === order.sid)).toBe(true);
    expect(response.body).toBe(zodSerializer(OrderListSchema)(listed));
  });
});
