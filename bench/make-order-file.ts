/**
 * Writes a workbook of one-row orders to a file, in a process of its own: building 50,000 rows with ExcelJS
 * takes hundreds of MB, which would otherwise stay in the measuring process's RSS and be counted as the
 * batch's. Usage: node --import tsx bench/make-order-file.ts <rows> <tag> <out.xlsx>
 */
import { writeFileSync } from 'node:fs';
import { oneRowOrders } from './order-import.bench.ts';

const [rows, tag, out] = process.argv.slice(2);
if (!rows || !tag || !out) throw new Error('usage: make-order-file.ts <rows> <tag> <out.xlsx>');
const vietnamese = (row: number) => (row % 7 === 0 ? `Nguyễn Văn Đức ${row}` : `Customer ${row}`);
writeFileSync(out, await oneRowOrders(Number(rows), tag, vietnamese));
