/**
 * Benchmark: the hub's status upload of 10,000 barcodes (issue target: under 10 s), and Order_details.xlsx for
 * the same list. Seeds the orders in one INSERT ... SELECT, then uploads through the real app (multipart, the
 * parsing worker, locked chunks of 1,000 moved in one statement each with their tracking events). Runs on a
 * fresh PGlite database, or on PostgreSQL when DATABASE_URL is set (a scratch database is created and dropped).
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type BenchApp, openBenchApp, timedUpload } from './bench-app.ts';

const BARCODES = Number(process.env.BENCH_BARCODES ?? 10_000);

async function seedOrders(bench: BenchApp, accountSid: string): Promise<string[]> {
  await bench.app.db.execute(sql`
    insert into orders (sid, order_number, account_sid, status, name, address1, city, state, country,
      postal_code, weight, vnd, usd, barcode)
    select 'status-bench-' || g, 'SB-' || g, ${accountSid}, 0, 'Bench Customer', g || ' Main St',
      'Los Angeles', 'CA', 'US', '90001', 400, 180000, 7.5, 'SB' || lpad(g::text, 10, '0')
    from generate_series(1, ${BARCODES}) g`);
  return Array.from({ length: BARCODES }, (_, index) => `SB${String(index + 1).padStart(10, '0')}`);
}

async function barcodeWorkbook(barcodes: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Barcodes');
  sheet.addRow(['Barcode']);
  for (const barcode of barcodes) sheet.addRow([barcode]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function post(bench: BenchApp, url: string, file: Buffer, fields: Record<string, string> = {}) {
  const { response, seconds, memory } = await timedUpload(bench, url, file, 'barcodes.xlsx', fields);
  return { seconds, memory, bytes: response.rawPayload.length };
}

export async function benchStatusUpload(): Promise<void> {
  const bench = await openBenchApp();
  try {
    const barcodes = await seedOrders(bench, await bench.createAccount());
    const file = await barcodeWorkbook(barcodes);
    const moved = await post(bench, '/api/v1/orders/status', file, { status: '1' });
    const unchanged = await post(bench, '/api/v1/orders/status', file, { status: '1' });
    const details = await post(bench, '/api/v1/orders/getDetails', file);
    const counted = await bench.app.db.execute(sql`select count(*)::int as n from tracking_events`);
    const [events] = (counted as unknown as { rows: { n: number }[] }).rows;
    const rate = (seconds: number) => Math.round(BARCODES / seconds).toLocaleString('en-US');
    const line = (name: string, run: typeof moved) =>
      `  ${name}: ${run.seconds.toFixed(2)} s, ${rate(run.seconds)} barcodes/s, peak RSS ${run.memory.rssMb} MB, reply ${(run.bytes / 1024).toFixed(0)} KB`;
    console.log(`status upload, ${BARCODES.toLocaleString('en-US')} barcodes, ${bench.kind}`);
    console.log(line('Generated -> Scanned', moved));
    console.log(line('again (all unchanged)', unchanged));
    console.log(line('Order_details.xlsx', details));
    console.log(`  tracking events written: ${events?.n ?? '?'} (one per order)`);
    console.log(`  target: under 10 s -> ${moved.seconds < 10 ? 'met' : 'NOT met'}`);
  } finally {
    await bench.close();
  }
}
