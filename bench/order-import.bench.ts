/**
 * Benchmark: POST /orders/import of 10,000 order rows (issue target: under 10 s). The workbook has 7,000 orders,
 * 3,000 of them with a second item row, a share on declared SKUs and 1 row in 100 bad (no city), uploaded
 * through the real app: multipart, the worker's streaming read, grouping, the shared schema, drafting and one
 * placing transaction charged to credit. Prints rows per second and peak memory. Runs on a fresh PGlite
 * database, or on PostgreSQL when DATABASE_URL is set (a scratch database).
 */
import ExcelJS from 'exceljs';
import { newSid } from '../apps/server/src/lib/ids.ts';
import { hsCodes } from '../apps/server/src/modules/hs-codes/hs-codes.table.ts';
import { itemDeclarations } from '../apps/server/src/modules/item-declarations/item-declarations.table.ts';
import { ORDER_IMPORT_COLUMNS } from '../apps/server/src/modules/orders/order-import-columns.ts';
import { priceTables } from '../apps/server/src/modules/price-tables/price-tables.table.ts';
import { type BenchApp, MemoryPeak, openBenchApp } from './bench-app.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const DECLARED = 400;

async function seed(bench: BenchApp, accountSid: string): Promise<void> {
  const db = bench.app.db;
  const priceSid = newSid();
  const rows = Array.from({ length: 60 }, (_, index) => ({
    weight: (index + 1) * 500,
    vnd: 180_000 + index * 20_000,
    usd: 7.5 + index,
  }));
  await db.insert(priceTables).values({ sid: priceSid, name: `Bench rates ${Date.now()}`, rows });
  await db.insert(hsCodes).values([{ sid: newSid(), hsCode: '6109.10', description: 'T-shirts' }]);
  await db.insert(itemDeclarations).values(
    Array.from({ length: DECLARED }, (_, index) => ({
      sid: newSid(),
      accountSid,
      skuNumber: `SKU-${index}`,
      name: `Item ${index}`,
      refName: `Hang ${index}`,
      itemDescription: `Declared item ${index}`,
      hsCode: '6109.10',
      itemWeight: String(100 + (index % 400)),
      itemWidth: '20',
      itemHeight: '3',
      itemLength: '30',
    })),
  );
  const response = await bench.app.inject({
    method: 'PUT',
    url: `/api/v1/accounts/${accountSid}`,
    headers: { authorization: `Bearer ${bench.adminToken}` },
    payload: { price_sid: priceSid, use_credit: true, credit_unit: 'VND', topup: ROWS * 2_000_000 },
  });
  if (response.statusCode !== 200) throw new Error(`account: ${response.statusCode} ${response.body}`);
}

/** Rows in order: every third order (by row count) has two item rows; an order starting on every 100th row has no city. */
async function buildWorkbook(): Promise<{ file: Buffer; orders: number; bad: number }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  const keys = ORDER_IMPORT_COLUMNS.map((column) => column.key);
  sheet.addRow(ORDER_IMPORT_COLUMNS.map((column) => column.headers[0]));
  let orders = 0;
  const badOrders = new Set<number>();
  for (let row = 0; row < ROWS; orders++) {
    const items = orders % 7 < 3 && row + 1 < ROWS ? 2 : 1;
    for (let item = 0; item < items; item++, row++) {
      // Only an order's first row carries its customer fields: a blank city there is a bad order.
      const bad = item === 0 && row % 100 === 99;
      if (bad) badOrders.add(orders);
      const declared = row % 2 === 0;
      const values: Record<string, string | number> = {
        orderNumber: `IMP-${orders.toString().padStart(6, '0')}`,
        name: `Customer ${orders}`,
        address1: `${orders} Main St`,
        city: bad ? '' : 'Los Angeles',
        state: 'CA',
        country: 'US',
        postalCode: '90001',
        skuNumber: declared ? `SKU-${row % DECLARED}` : `FREE-${row}`,
        quantity: 1 + (row % 2),
        itemDescription: declared ? '' : 'Loose item',
        itemWeight: declared ? '' : 250,
        itemWidth: declared ? '' : 10,
        itemHeight: declared ? '' : 5,
        itemLength: declared ? '' : 10,
      };
      sheet.addRow(keys.map((key) => values[key] ?? ''));
    }
  }
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), orders, bad: badOrders.size };
}

export async function benchOrderImport(): Promise<void> {
  const { file, orders, bad } = await buildWorkbook();
  const bench = await openBenchApp();
  try {
    const account = await bench.createAccount();
    await seed(bench, account);
    const form = new FormData();
    form.append('account_sid', account);
    form.append('file', new Blob([file]), 'orders.xlsx');
    const peak = new MemoryPeak();
    const started = performance.now();
    const response = await bench.app.inject({
      method: 'POST',
      url: '/api/v1/orders/import',
      headers: { authorization: `Bearer ${bench.adminToken}` },
      payload: form,
    });
    const seconds = (performance.now() - started) / 1000;
    const memory = peak.stop();
    if (response.statusCode !== 200)
      throw new Error(`import failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
    const body = response.json() as { imported: number; failedOrders: unknown[] };
    if (body.imported !== orders - bad || body.failedOrders.length !== bad)
      throw new Error(
        `expected ${orders - bad} imported and ${bad} failed, got ${body.imported}/${body.failedOrders.length}`,
      );
    console.log(
      `order import, ${ROWS.toLocaleString('en-US')} rows (${orders.toLocaleString('en-US')} orders, ${bad} bad), ${(file.length / 1024 / 1024).toFixed(1)} MB xlsx, ${bench.kind}`,
    );
    console.log(
      `  ${seconds.toFixed(2)} s, ${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s, peak RSS ${memory.rssMb} MB (heap ${memory.heapMb} MB), imported ${body.imported}, failed ${body.failedOrders.length}`,
    );
    console.log(`  target: under 10 s -> ${seconds < 10 ? 'met' : 'NOT met'}`);
  } finally {
    await bench.close();
  }
}
