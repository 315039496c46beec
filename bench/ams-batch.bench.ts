/**
 * Benchmark: the AMS batch upload (BENCH=ams-batch), against issue 31's target: POST /ams/batch with 20,000 rows
 * (barcode, carton label) of Scanned parcels finishes in under 10 s on PostgreSQL, set-based (a transaction per
 * 2,000 rows there, not per row). Printed beside it: the same upload's rows a second, its peak RSS, and the per-row
 * path it replaced (scanIn a transaction per row) on a slice of BENCH_AMS_BATCH_BASELINE rows (2,000 by default;
 * 0 skips it), as rows a second and the time that rate would take for the whole file.
 * The orders (BENCH_AMS_BATCH_ROWS, 20,000 by default, plus the baseline's) are written with SQL for 10 sellers,
 * status Scanned, unique barcodes. PGlite by default, PostgreSQL when DATABASE_URL is set (a scratch database,
 * created and dropped).
 */
import os from 'node:os';
import { type Ams, mawbWithCheckDigit, Role } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type BenchApp, openBenchApp, seedAccount, timedUpload } from './bench-app.ts';

const ROWS = Number(process.env.BENCH_AMS_BATCH_ROWS ?? 20_000);
const BASELINE = Number(process.env.BENCH_AMS_BATCH_BASELINE ?? 2_000);
const SELLERS = 10;
const CARTONS = 100;
const TARGET_SECONDS = 10;

const barcodeOf = (index: number) => `AB${String(index + 1).padStart(10, '0')}`;

/** `count` Scanned orders from number `from + 1`, of the sellers in turn, in one INSERT ... SELECT. */
async function seedOrders(
  bench: BenchApp,
  accountSids: string[],
  from: number,
  count: number,
): Promise<void> {
  const sellers = `{${accountSids.join(',')}}`;
  await bench.app.db.execute(sql`
    insert into orders (sid, order_number, account_sid, status, name, phone, address1, city, state, country,
      postal_code, weight, width, length, height, vnd, usd, barcode)
    select 'ams-batch-bench-' || g, 'AB-' || g, (${sellers}::text[])[1 + g % ${accountSids.length}::int], 1,
      'Bench Customer ' || g % 1000, '+1 213 555 0100', g || ' Main St', 'Los Angeles', 'CA', 'US', '90001',
      200 + g % 1800, 20, 30, 5, 180000, 7.5, 'AB' || lpad(g::text, 10, '0')
    from generate_series(${from + 1}::int, ${from + count}::int) g`);
}

async function seedSellers(bench: BenchApp): Promise<string[]> {
  const accountSids: string[] = [];
  for (let index = 0; index < SELLERS; index++) accountSids.push(await bench.createAccount());
  await seedAccount(bench, accountSids[0] as string, {
    basePrice: 150_000,
    hsCodes: [{ hsCode: '610910', description: 'T-shirts, knitted, of cotton' }],
    declared: 1,
    hsCodeOf: () => '610910',
    topup: 1_000_000,
  });
  return accountSids;
}

async function createAms(bench: BenchApp, serial: string): Promise<Ams> {
  const response = await bench.app.inject({
    method: 'POST',
    url: '/api/v1/ams',
    headers: { authorization: `Bearer ${bench.adminToken}` },
    payload: {
      name: `Batch bench ${serial}`,
      departureDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      masterAirWaybill: mawbWithCheckDigit('157', serial),
      airportCode: 'LAX',
      hawb: `HB${serial}`,
      carrier: 'DHL',
      serviceType: 'First Class',
      location: 'SGN',
    },
  });
  if (response.statusCode !== 201) throw new Error(`create AMS: ${response.statusCode} ${response.body}`);
  return response.json() as Ams;
}

/** The batch file: the barcodes of orders `from + 1`.. `from + count`, a hundred cartons. */
async function batchFile(from: number, count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('AMS');
  sheet.addRow(['barcode', 'ams_carton_label']);
  for (let index = from; index < from + count; index++)
    sheet.addRow([barcodeOf(index), `CTN-${String(Math.floor(((index - from) * CARTONS) / count) + 1)}`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function benchAmsBatch(): Promise<void> {
  const bench = await openBenchApp();
  try {
    const accountSids = await seedSellers(bench);
    await seedOrders(bench, accountSids, 0, ROWS + BASELINE);
    const file = await batchFile(0, ROWS);
    const manifest = await createAms(bench, '7100001');

    const { response, seconds, memory } = await timedUpload(bench, '/api/v1/ams/batch', file, 'ams.xlsx', {
      ams_sid: manifest.sid,
      progress_id: crypto.randomUUID(),
    });
    const added = Number(response.headers['x-ams-added']);
    if (added !== ROWS)
      throw new Error(
        `AMS batch: ${added} of ${ROWS} rows added (${response.headers['x-ams-failed']} failed)`,
      );

    console.log(
      `\nAMS batch upload (${bench.kind}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(2)})`,
    );
    console.log(
      `  ${ROWS.toLocaleString('en')} rows, set-based: ${seconds.toFixed(2)} s (target < ${TARGET_SECONDS} s: ` +
        `${seconds < TARGET_SECONDS ? 'met' : 'NOT met'}), ${Math.round(ROWS / seconds)} rows/s, peak RSS ${Math.round(memory.rssMb)} MB`,
    );

    if (BASELINE > 0) {
      const baseline = await createAms(bench, '7100002');
      const [admin] = (
        (await bench.app.db.execute(
          sql`select sid, username from users where username = 'admin'`,
        )) as unknown as {
          rows: { sid: string; username: string }[];
        }
      ).rows;
      if (!admin) throw new Error('no admin');
      const started = performance.now();
      const result = await bench.app.services.amsFiles.batch(
        {
          userSid: admin.sid,
          apiKeySid: null,
          username: admin.username,
          role: Role.admin,
          accountSid: null,
          via: 'session',
        },
        baseline.sid,
        await batchFile(ROWS, BASELINE),
        { rowByRow: true },
      );
      const perRow = (performance.now() - started) / 1000;
      if (result.added !== BASELINE)
        throw new Error(`per-row baseline: ${result.added} of ${BASELINE} added`);
      const rate = BASELINE / perRow;
      console.log(
        `  per-row baseline (scanIn, a transaction a row), ${BASELINE.toLocaleString('en')} rows: ${perRow.toFixed(2)} s, ` +
          `${Math.round(rate)} rows/s, so ~${(ROWS / rate).toFixed(0)} s for ${ROWS.toLocaleString('en')}`,
      );
    }
  } finally {
    await bench.close();
  }
}
