/**
 * Benchmark: an item declaration upload of 20,000 rows (issue target: under 5 s, memory bounded by the
 * streaming read). Builds the workbook, uploads it through the real app (multipart, ExcelJS stream reader,
 * validation, one upsert transaction) and prints rows per second and peak memory. Runs on a fresh PGlite
 * database, or on PostgreSQL when DATABASE_URL is set (a scratch database is created and dropped).
 */
import { ITEM_DECLARATION_COLUMNS } from '@parcelops/shared';
import ExcelJS from 'exceljs';
import { type BenchApp, MemoryPeak, openBenchApp } from './bench-app.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);

async function buildWorkbook(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Item declarations');
  sheet.addRow(ITEM_DECLARATION_COLUMNS.map((column) => column.headers[0]));
  for (let index = 0; index < rows; index++) {
    sheet.addRow([
      `SKU-${index.toString().padStart(6, '0')}`,
      `Item ${index}`,
      `Hang ${index}`,
      `Declared item number ${index}`,
      '',
      120 + (index % 50),
      20,
      3,
      30,
      index % 2 === 0 ? 'true' : 'false',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(bench: BenchApp, file: Buffer, accountSid: string) {
  const form = new FormData();
  form.append('account_sid', accountSid);
  form.append('file', new Blob([file]), 'declarations.xlsx');
  const started = performance.now();
  const response = await bench.app.inject({
    method: 'POST',
    url: '/api/v1/item_declarations/batch',
    headers: { authorization: `Bearer ${bench.adminToken}` },
    payload: form,
  });
  const seconds = (performance.now() - started) / 1000;
  if (response.statusCode !== 200)
    throw new Error(`upload failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return { seconds, body: response.json() as { created: number; updated: number } };
}

export async function benchItemDeclarationUpload(): Promise<void> {
  const file = await buildWorkbook(ROWS);
  const bench = await openBenchApp();
  try {
    const account = await bench.createAccount();
    const peak = new MemoryPeak();
    const first = await upload(bench, file, account);
    const firstPeak = peak.stop();
    const again = new MemoryPeak();
    const second = await upload(bench, file, account);
    const secondPeak = again.stop();
    console.log(
      `item declaration upload, ${ROWS.toLocaleString('en-US')} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB xlsx, ${bench.kind}`,
    );
    console.log(
      `  create: ${first.seconds.toFixed(2)} s, ${Math.round(ROWS / first.seconds).toLocaleString('en-US')} rows/s, peak RSS ${firstPeak.rssMb} MB (heap ${firstPeak.heapMb} MB), created ${first.body.created}`,
    );
    console.log(
      `  update: ${second.seconds.toFixed(2)} s, ${Math.round(ROWS / second.seconds).toLocaleString('en-US')} rows/s, peak RSS ${secondPeak.rssMb} MB (heap ${secondPeak.heapMb} MB), updated ${second.body.updated}`,
    );
    console.log(`  target: under 5 s -> ${first.seconds < 5 && second.seconds < 5 ? 'met' : 'NOT met'}`);
  } finally {
    await bench.close();
  }
}
