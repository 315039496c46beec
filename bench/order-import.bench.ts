/**
 * Benchmark: POST /orders/import of 10,000 order rows (issue target: under 10 s). The workbook has 7,000 orders,
 * 3,000 of them with a second item row, a share on declared SKUs and 1 row in 100 bad (no city), uploaded
 * through the real app: multipart, the worker's streaming read, grouping, the shared schema, drafting and one
 * placing transaction charged to credit. Prints rows per second and peak memory. Runs on a fresh PGlite
 * database, or on PostgreSQL when DATABASE_URL is set (a scratch database).
 */
import ExcelJS from 'exceljs';
import { ORDER_IMPORT_COLUMNS } from '../apps/server/src/modules/imports/import-columns.ts';
import { type BenchApp, openBenchApp, orderFileFromChild, seedAccount, timedUpload } from './bench-app.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
/** Item declarations seeded per account; import rows name SKU-0 .. SKU-399. */
export const DECLARED = 400;

/** Rows in order: every third order (by row count) has two item rows; an order starting on every 100th row has no city. */
export async function mixedOrders(rowCount: number): Promise<{ file: Buffer; orders: number; bad: number }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  const keys = ORDER_IMPORT_COLUMNS.map((column) => column.key);
  sheet.addRow(ORDER_IMPORT_COLUMNS.map((column) => column.headers[0]));
  let orders = 0;
  const badOrders = new Set<number>();
  for (let row = 0; row < rowCount; orders++) {
    const items = orders % 7 < 3 && row + 1 < rowCount ? 2 : 1;
    for (let item = 0; item < items; item++, row++) {
      // Only an order's first row carries its customer fields: a blank city there is a bad order.
      const bad = item === 0 && row % 100 === 99;
      if (bad) badOrders.add(orders);
      const values: Record<string, string | number> = {
        orderNumber: `IMP-${orders.toString().padStart(6, '0')}`,
        name: `Customer ${orders}`,
        address1: `${orders} Main St`,
        city: bad ? '' : 'Los Angeles',
        state: 'CA',
        country: 'US',
        postalCode: '90001',
        ...itemCells(row),
      };
      sheet.addRow(keys.map((key) => values[key] ?? ''));
    }
  }
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), orders, bad: badOrders.size };
}

/**
 * The item columns of import row `row`: every other row names a declared SKU (weighed from its declaration),
 * the rest a loose item with its own measures.
 */
export function itemCells(row: number): Record<string, string | number> {
  const declared = row % 2 === 0;
  return {
    skuNumber: declared ? `SKU-${row % DECLARED}` : `FREE-${row}`,
    quantity: 1 + (row % 2),
    itemDescription: declared ? '' : 'Loose item',
    itemWeight: declared ? '' : 250,
    itemWidth: declared ? '' : 10,
    itemHeight: declared ? '' : 5,
    itemLength: declared ? '' : 10,
  };
}

/** A workbook of `rows` orders of one row each, numbered `<tag>-000000` on, with the items of itemCells. */
export async function oneRowOrders(
  rows: number,
  tag: string,
  customer: (row: number) => string = (row) => `Customer ${row}`,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  const keys = ORDER_IMPORT_COLUMNS.map((column) => column.key);
  sheet.addRow(ORDER_IMPORT_COLUMNS.map((column) => column.headers[0]));
  for (let row = 0; row < rows; row++) {
    const values: Record<string, string | number> = {
      orderNumber: `${tag}-${row.toString().padStart(6, '0')}`,
      name: customer(row),
      phone: `+84 90 ${row.toString().padStart(7, '0')}`,
      address1: `${row} Le Loi`,
      city: 'Los Angeles',
      state: 'CA',
      country: 'US',
      postalCode: '90001',
      ...itemCells(row),
    };
    sheet.addRow(keys.map((key) => values[key] ?? ''));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The account the import benches order for: the price table, the declared SKUs and `topup` VND of credit. */
export function seedImportAccount(bench: BenchApp, account: string, topup: number): Promise<void> {
  return seedAccount(bench, account, {
    basePrice: 180_000,
    hsCodes: [{ hsCode: '6109.10', description: 'T-shirts' }],
    declared: DECLARED,
    hsCodeOf: () => '6109.10',
    topup,
  });
}

export async function benchOrderImport(): Promise<void> {
  // Written by a child process, so building it is not counted in this process's memory.
  const { file, stdout } = orderFileFromChild(ROWS, 'IMP', 'import');
  const { orders, bad } = JSON.parse(stdout) as { orders: number; bad: number };
  const bench = await openBenchApp();
  try {
    const account = await bench.createAccount();
    await seedImportAccount(bench, account, ROWS * 2_000_000);
    const { response, seconds, memory } = await timedUpload(
      bench,
      '/api/v1/orders/import',
      file,
      'orders.xlsx',
      {
        account_sid: account,
      },
    );
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
    console.log(
      `  targets: under 10 s -> ${seconds < 10 ? 'met' : 'NOT met'}; peak RSS under 400 MB (whole process) -> ` +
        `${memory.rssMb < 400 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await bench.close();
  }
}
