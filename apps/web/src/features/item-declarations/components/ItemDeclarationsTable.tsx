import type { ItemDeclaration } from '@parcelops/shared';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';

/** Spec §2 Item Declarations: exactly these columns, with the spec's own mixed capitals. */
const COLUMNS: SelectableTableColumn<ItemDeclaration>[] = [
  { key: 'skuNumber', label: 'Sku' },
  { key: 'name', label: 'name' },
  { key: 'itemDescription', label: 'Description' },
  { key: 'refName', label: 'refName' },
  { key: 'hs_code', label: 'HS Code' },
  { key: 'itemWeight', label: 'Weight', numeric: true },
  { key: 'itemWidth', label: 'Width', numeric: true },
  { key: 'itemHeight', label: 'Height', numeric: true },
  { key: 'itemLength', label: 'Length', numeric: true },
  { key: 'can_combine', label: 'Combinable', render: (row) => (row.can_combine ? 'Yes' : 'No') },
];

interface ItemDeclarationsTableProps {
  rows: ItemDeclaration[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export function ItemDeclarationsTable({ rows, selectedId, onSelect }: ItemDeclarationsTableProps) {
  return (
    <SelectableTable
      columns={COLUMNS}
      rows={rows}
      rowId={(row) => row.sid}
      selectedId={selectedId}
      onSelect={onSelect}
    />
  );
}
