import type { PriceRow } from '@parcelops/shared';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';

const grams = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const vnd = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rows keep their position as identity: the table is read-only and its weights need not be unique. */
interface NumberedRow extends PriceRow {
  position: string;
}

const COLUMNS: SelectableTableColumn<NumberedRow>[] = [
  { key: 'weight', label: 'Weight (gram)', numeric: true, render: (row) => grams.format(row.weight) },
  { key: 'vnd', label: 'VND', numeric: true, render: (row) => vnd.format(row.vnd) },
  { key: 'usd', label: 'USD', numeric: true, render: (row) => usd.format(row.usd) },
];

/** Spec §2 Prices/Rates: a stored table, read-only, as weight (gram), VND and USD (scrolling past 500 px). */
export function PriceRowsTable({ rows }: { rows: readonly PriceRow[] }) {
  const numbered = rows.map((row, index) => ({ ...row, position: String(index) }));
  return <SelectableTable columns={COLUMNS} rows={numbered} rowId={(row) => row.position} />;
}
