import { ScrollArea, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from './ColumnHeads.tsx';
import { QueryRows } from './QueryRows.tsx';
import type { QueryLike } from './QueryState.tsx';

export interface DataTableColumn<Row> {
  key: string;
  /** The header's text, or an element such as a visually hidden name for a column of buttons. */
  label: ReactNode;
  /** A header cell of its own (a sorting header, a tick-all box) in place of the plain label. */
  header?: ReactNode;
  /** Right-aligns the column, for amounts and weights. */
  numeric?: boolean;
  /** Cells that may wrap (names, badges); the others stay on one line so a row stays one line high. */
  wraps?: boolean;
  cell: (row: Row) => ReactNode;
}

export interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowId: (row: Row) => string;
  /** The list's query: skeleton rows before its first answer, its error with Retry after a failure. */
  query: QueryLike;
  /** Said once the server has answered with no rows; "No data." unless the list has its own words. */
  emptyText?: string;
  /** The table's accessible name. */
  label?: string;
  /** Tighter rows and cells, for the lists with many columns. */
  dense?: boolean;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * One page of a list as a table scrolling past 600 px under a sticky header, each row marked with its id; what
 * it shows while loading, after a failure and when empty comes from QueryRows.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowId,
  query,
  emptyText,
  label,
  dense = false,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const spacing = dense ? ({ verticalSpacing: 6, horizontalSpacing: 'xs' } as const) : {};
  return (
    // offsetScrollbars: on a narrow screen the table scrolls sideways, and the bar must not lie over the last row.
    <ScrollArea.Autosize mah={600} type="auto" offsetScrollbars="x">
      <Table stickyHeader highlightOnHover withTableBorder aria-label={label} {...spacing}>
        <ColumnHeads columns={columns} nowrap />
        <Table.Tbody>
          <QueryRows
            query={query}
            rowCount={rows.length}
            columns={columns.length}
            emptyText={emptyText ?? t('noData')}
          >
            {rows.map((row) => (
              <Table.Tr key={rowId(row)} data-row-id={rowId(row)}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    ta={column.numeric ? 'right' : undefined}
                    style={column.wraps ? undefined : nowrap}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </QueryRows>
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
