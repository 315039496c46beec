/**
 * Benchmark: placing 10,000 orders at once, as a batch or an import will (issue target: under 10 s). The orders
 * (1-3 items each, a share of them on declared SKUs, some with the weight left to the declaration) are drafted
 * (order-drafts.ts, one context load) and placed through placeOrders in one transaction, charged to credit.
 * Runs on a fresh PGlite database, or on PostgreSQL when DATABASE_URL is set (a scratch database).
 */
import type { CreateOrderInputSchema } from '@parcelops/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { findAccount } from '../apps/server/src/modules/accounts/accounts.service.ts';
import { loadDraftContext } from '../apps/server/src/modules/orders/draft-context.ts';
import { draftOrders, type OrderDraft } from '../apps/server/src/modules/orders/order-drafts.ts';
import { orders } from '../apps/server/src/modules/orders/orders.table.ts';
import { placeOrders } from '../apps/server/src/modules/orders/place-orders.ts';
import { SYSTEM } from '../apps/server/src/modules/orders/status-change.ts';
import { MemoryPeak, openBenchApp, seedAccount } from './bench-app.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
/** SKUs the orders draw from; the first DECLARED of them are declared by the account. */
const SKUS = 1_000;
const DECLARED = 400;
const PRICE = 180_000;

type OrderInput = z.output<typeof CreateOrderInputSchema>;

function inputs(): OrderInput[] {
  return Array.from({ length: ORDERS }, (_, index) => ({
    orderNumber: `BENCH-${index.toString().padStart(6, '0')}`,
    name: `Customer ${index}`,
    phone: null,
    address1: `${index} Main St`,
    address2: null,
    city: 'Los Angeles',
    state: 'CA',
    country: 'US',
    postalCode: '90001',
    sellerInformation: null,
    items: Array.from({ length: 1 + (index % 3) }, (_, line) => {
      const sku = (index * 7 + line * 13) % SKUS;
      // Every fifth line of a declared SKU leaves weight and size to the declaration.
      const bare = sku < DECLARED && (index + line) % 5 === 0;
      return {
        skuNumber: `SKU-${sku}`,
        quantity: 1 + (line % 2),
        itemDescription: bare ? null : `Item ${sku}`,
        itemWeight: bare ? 0 : 50 + (sku % 300),
        itemWidth: bare ? 0 : 10,
        itemHeight: bare ? 0 : 2,
        itemLength: bare ? 0 : 15,
        hs_code: sku % 10 === 5 ? '4202.92' : null,
      };
    }),
  }));
}

export async function benchOrderPlacement(): Promise<void> {
  const bench = await openBenchApp();
  try {
    const accountSid = await bench.createAccount();
    // The account's price table (500 g brackets up to 30 kg), declarations and HS codes, with credit enough
    // for every order at the dearest bracket.
    await seedAccount(bench, accountSid, {
      basePrice: PRICE,
      hsCodes: [
        { hsCode: '6109.10', description: 'T-shirts' },
        { hsCode: '4202.92', description: 'Bags' },
      ],
      declared: DECLARED,
      hsCodeOf: (index) => (index % 2 === 0 ? '6109.10' : null),
      topup: ORDERS * 2_000_000,
    });
    const db = bench.app.db;
    const account = await findAccount(db, accountSid);
    if (!account) throw new Error('no account');
    const orderInputs = inputs();

    const peak = new MemoryPeak();
    const started = performance.now();
    const results = draftOrders(orderInputs, await loadDraftContext(db, account, orderInputs));
    const drafts = results.flatMap((result) => (result.ok ? [result.draft] : [])) as OrderDraft[];
    if (drafts.length !== ORDERS) throw new Error(`${ORDERS - drafts.length} orders not drafted`);
    const drafted = performance.now();
    const placement = await db.transaction((tx) =>
      placeOrders(tx, drafts, {
        policy: 'all-or-nothing',
        by: SYSTEM,
        notify: bench.app.services.hookEvents,
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const memory = peak.stop();
    if (placement.placed.length !== ORDERS)
      throw new Error(`placed ${placement.placed.length}: ${JSON.stringify(placement.refused[0])}`);

    const [stored] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.accountSid, accountSid));
    const items = drafts.reduce((total, draft) => total + draft.items.length, 0);
    const fromDeclaration = orderInputs.reduce(
      (total, input) =>
        total + input.items.filter((item) => item.itemWeight === 0 && item.itemWidth === 0).length,
      0,
    );
    console.log(
      `order placement, ${ORDERS.toLocaleString('en-US')} orders (${items.toLocaleString('en-US')} items, ${fromDeclaration.toLocaleString('en-US')} weighed by their declaration), one transaction, ${bench.kind}`,
    );
    console.log(
      `  ${seconds.toFixed(2)} s (drafting ${((drafted - started) / 1000).toFixed(2)} s, placing ${((performance.now() - drafted) / 1000).toFixed(2)} s), ${Math.round(ORDERS / seconds).toLocaleString('en-US')} orders/s, peak RSS ${memory.rssMb} MB (heap ${memory.heapMb} MB); ${Number(stored?.n).toLocaleString('en-US')} stored`,
    );
    console.log(`  target: under 10 s -> ${seconds < 10 ? 'met' : 'NOT met'}`);
  } finally {
    await bench.close();
  }
}
