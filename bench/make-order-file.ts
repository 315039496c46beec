/**
 * Writes an order workbook to a file, in a process of its own: building 50,000 rows with ExcelJS takes hundreds
 * of MB, which would otherwise stay in the measuring process's RSS and be counted as the upload's.
 * Usage: node --import tsx bench/make-order-file.ts <rows> <tag> <out.xlsx> [one-row|import]
 * - one-row (the default): one-row orders, every seventh customer named in Vietnamese (the batches);
 * - import: the import bench's mix of one- and two-row orders with 1 bad order in 100; prints its counts as JSON.
 */
import { writeFileSync } from 'node:fs';
import { mixedOrders, oneRowOrders } from './order-import.bench.ts';

const [rows, tag, out, kind = 'one-row'] = process.argv.slice(2);
if (!rows || !tag || !out)
  throw new Error('usage: make-order-file.ts <rows> <tag> <out.xlsx> [one-row|import]');
if (kind === 'import') {
  const { file, orders, bad } = await mixedOrders(Number(rows));
  writeFileSync(out, file);
  process.stdout.write(JSON.stringify({ orders, bad }));
} else {
  const vietnamese = (row: number) => (row % 7 === 0 ? `Nguyễn Văn Đức ${row}` : `Customer ${row}`);
  writeFileSync(out, await oneRowOrders(Number(rows), tag, vietnamese));
}
