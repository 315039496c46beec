/**
 * db/cursor.ts: batches in the query's exact order, whether read off a cursor (PostgreSQL) or by keyset pages
 * (PGlite, and PostgreSQL when asked), including orders that turn direction and ties on the leading columns;
 * and other calls answered while a read waits between two batches (issue 17: on PGlite a report's cursor
 * held the one connection for the whole download).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newSid } from '../lib/ids.ts';
import { accounts } from '../modules/accounts/accounts.table.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { forEachBatch, type OrderedQuery, type RawRow, type SortKey } from './cursor.ts';
import { selectRows } from './raw-rows.ts';

let t: TestApp;
let accountSid: string;
const COUNT = 61;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.adminToken();
  accountSid = (await t.createAccount(admin)).sid;
  // Three statuses, five distinct instants (so dates tie), microseconds that a JavaScript Date would lose.
  const base = Date.UTC(2026, 0, 1);
  await t.database.db.insert(orders).values(
    Array.from({ length: COUNT }, (_, index) => ({
      sid: newSid(),
      orderNumber: `CUR-${String(index % 40).padStart(3, '0')}-${index}`,
      accountSid,
      status: index % 3,
      name: `Customer ${index}`,
      address1: '1 Street',
      city: 'City',
      state: 'ST',
      country: 'VN',
      postalCode: '700000',
      weight: 100,
      vnd: '1',
      usd: '1',
      barcode: `CUR${String(index).padStart(9, '0')}`,
      dateCreated: sql`${new Date(base + (index % 5) * 1000).toISOString()}::timestamptz + ${`${index % 2} microseconds`}::interval`,
    })),
  );
});
afterAll(() => t.close());

const query = (orderBy: SortKey[]): OrderedQuery => ({
  columns: sql`${orders.sid} as "sid"`,
  from: sql`${orders} inner join ${accounts} on ${accounts.sid} = ${orders.accountSid}`,
  where: sql`${orders.accountSid} = ${accountSid}`,
  orderBy,
});

async function allAtOnce(orderBy: SortKey[]): Promise<string[]> {
  const order = sql.join(
    orderBy.map((key) => sql`${key.column} ${sql.raw(key.direction)}`),
    sql`, `,
  );
  const q = query(orderBy);
  const rows = await selectRows<{ sid: string }>(
    t.database.db,
    sql`select ${q.columns} from ${q.from} where ${q.where} order by ${order}`,
  );
  return rows.map((row) => row.sid);
}

async function inBatches(orderBy: SortKey[], keyset: boolean): Promise<{ sids: string[]; batches: number }> {
  const sids: string[] = [];
  let batches = 0;
  const total = await forEachBatch(
    t.database.db,
    query(orderBy),
    (rows: RawRow[]) => {
      batches++;
      for (const row of rows) {
        // The keys the pages resume after stay out of the rows.
        expect(Object.keys(row)).toEqual(['sid']);
        sids.push(row.sid as string);
      }
    },
    { batchSize: 4, keyset },
  );
  expect(total).toBe(sids.length);
  return { sids, batches };
}

const ORDERS: [string, SortKey[]][] = (['asc', 'desc'] as const).flatMap((direction) => [
  [
    `date_created ${direction}, sid`,
    [
      { column: orders.dateCreated, direction },
      { column: orders.sid, direction },
    ],
  ],
  ...[orders.status, orders.orderNumber].map(
    (column) =>
      [
        `${column.name} ${direction}, then the newest`,
        [
          { column, direction, grouped: column === orders.status },
          { column: orders.dateCreated, direction: 'desc' },
          { column: orders.sid, direction: 'desc' },
        ],
      ] as [string, SortKey[]],
  ),
]);

describe('forEachBatch', () => {
  it.each(ORDERS)('reads every row once, in the order of %s', async (_label, orderBy) => {
    const expected = await allAtOnce(orderBy);
    expect(expected).toHaveLength(COUNT);
    for (const keyset of [true, false]) {
      const { sids, batches } = await inBatches(orderBy, keyset);
      expect(sids).toEqual(expected);
      expect(batches).toBe(Math.ceil(COUNT / 4));
    }
  });

  it('lets other calls through while a read waits between two batches', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const admin = await t.adminToken();
    let batches = 0;
    let finished = false;
    const reading = forEachBatch(
      t.database.db,
      query([
        { column: orders.dateCreated, direction: 'desc' },
        { column: orders.sid, direction: 'desc' },
      ]),
      async () => {
        batches++;
        if (batches === 2) await gate;
      },
      { batchSize: 4 },
    ).then((total) => {
      finished = true;
      return total;
    });
    await expect.poll(() => batches).toBe(2);
    const [health, list] = await Promise.all([
      t.call('GET', '/health'),
      t.call('GET', '/orders', { token: admin, query: { page_size: '25' } }),
    ]);
    expect(health.statusCode).toBe(200);
    expect(list.statusCode).toBe(200);
    expect(finished).toBe(false);
    release();
    expect(await reading).toBe(COUNT);
  });
});
