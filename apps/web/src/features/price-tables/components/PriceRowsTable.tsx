import type { PriceRow } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { useFormat } from '../../../i18n/format.ts';

/** Rows keep their position as identity: the table is read-only and its weights need not be unique. */
interface NumberedRow extends PriceRow {
  position: string;
}

/** Spec §2 Prices/Rates: a stored table, read-only, as weight (gram), VND and USD (scrolling past 500 px). */
export function PriceRowsTable({ rows }: { rows: readonly PriceRow[] }) {
  const { t } = useTranslation(['catalogs', 'common']);
  const format = useFormat();
  const columns: SelectableTableColumn<NumberedRow>[] = [
    {
      key: 'weight',
      label: t('priceTables.columns.weight'),
      numeric: true,
      render: (row) => format.number(row.weight),
    },
    // VND has no minor unit; USD shows its cents.
    {
      key: 'vnd',
      label: t('priceTables.columns.vnd'),
      numeric: true,
      render: (row) => format.number(row.vnd),
    },
    {
      key: 'usd',
      label: t('priceTables.columns.usd'),
      numeric: true,
      render: (row) => format.number(row.usd, 2),
    },
  ];
  const numbered = rows.map((row, index) => ({ ...row, position: String(index) }));
  return (
    <SelectableTable
      columns={columns}
      rows={numbered}
      rowId={(row) => row.position}
      emptyText={t('common:noData')}
    />
  );
}
