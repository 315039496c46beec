import type { ItemDeclaration } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import type { QueryLike } from '../../../components/QueryState.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';

interface ItemDeclarationsTableProps {
  rows: ItemDeclaration[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The query behind the rows: skeleton, then its error with Retry, then the empty text. */
  query: QueryLike;
}

export function ItemDeclarationsTable({ rows, selectedId, onSelect, query }: ItemDeclarationsTableProps) {
  const { t } = useTranslation(['catalogs', 'common']);
  /** Spec §2 Item Declarations: exactly these columns, with the spec's own mixed capitals. */
  const columns: SelectableTableColumn<ItemDeclaration>[] = [
    { key: 'skuNumber', label: t('declarations.columns.sku') },
    { key: 'name', label: t('declarations.columns.name') },
    { key: 'itemDescription', label: t('declarations.columns.description') },
    { key: 'refName', label: t('declarations.columns.refName') },
    { key: 'hs_code', label: t('declarations.columns.hsCode') },
    { key: 'itemWeight', label: t('declarations.columns.weight'), numeric: true },
    { key: 'itemWidth', label: t('declarations.columns.width'), numeric: true },
    { key: 'itemHeight', label: t('declarations.columns.height'), numeric: true },
    { key: 'itemLength', label: t('declarations.columns.length'), numeric: true },
    {
      key: 'can_combine',
      label: t('declarations.columns.combinable'),
      render: (row) => t(row.can_combine ? 'common:yes' : 'common:no'),
    },
  ];
  return (
    <SelectableTable
      columns={columns}
      query={query}
      emptyText={t('common:noData')}
      rows={rows}
      rowId={(row) => row.sid}
      selectedId={selectedId}
      onSelect={onSelect}
    />
  );
}
