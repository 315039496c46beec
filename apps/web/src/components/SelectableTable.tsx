import { ScrollArea, Table, Title } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { Messages } from '@parcelops/shared';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { QueryRows } from './QueryRows.tsx';
import type { QueryLike } from './QueryState.tsx';

export interface SelectableTableColumn<Row> {
  key: string;
  /** Text, or an element such as a visually hidden name for a column of buttons. */
  label: ReactNode;
  /** Right-aligns the column, for amounts and weights. */
  numeric?: boolean;
  width?: number | string;
  /** How a cell shows its row; without it the cell shows `row[key]` as text. */
  render?: (row: Row) => ReactNode;
}

interface SelectableTableProps<Row> {
  title?: string;
  columns: SelectableTableColumn<Row>[];
  rows: Row[];
  rowId: (row: Row) => string;
  /** Controls the selection from outside; leave undefined to let the table keep it. */
  selectedId?: string | null;
  /** Called with the clicked row's id, and with '' when a click outside the table clears the selection. */
  onSelect?: (id: string) => void;
  emptyText?: string;
  /** Spec §9: tables scroll past 500 px. */
  maxHeight?: number;
  /** The query behind `rows`: skeleton rows while it first loads, its error with Retry after a failure. */
  query?: QueryLike;
}

function cellText<Row>(row: Row, column: SelectableTableColumn<Row>): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Spec §2 Generic elements: a titled table whose rows can be picked by clicking. Each row ends with a hidden
 * cell holding its identifier; a click anywhere outside the table drops the selection and reports ''.
 */
export function SelectableTable<Row>({
  title,
  columns,
  rows,
  rowId,
  selectedId,
  onSelect,
  emptyText = Messages.noData,
  maxHeight = 500,
  query,
}: SelectableTableProps<Row>) {
  const [ownSelection, setOwnSelection] = useState<string | null>(null);
  const selected = selectedId === undefined ? ownSelection : selectedId;

  const select = (id: string) => {
    setOwnSelection(id || null);
    onSelect?.(id);
  };

  // Listening only while a row is selected keeps unrelated clicks from reporting '' over and over.
  const ref = useClickOutside<HTMLDivElement>(() => select(''), null, undefined, Boolean(selected));

  const onRowKeyDown = (event: KeyboardEvent, id: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select(id);
    }
  };

  return (
    <div ref={ref}>
      {title ? (
        <Title order={4} mb="xs">
          {title}
        </Title>
      ) : null}
      <ScrollArea.Autosize mah={maxHeight} type="auto">
        <Table stickyHeader highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} w={column.width} ta={column.numeric ? 'right' : undefined}>
                  {column.label}
                </Table.Th>
              ))}
              <Table.Th hidden>Id</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <QueryRows query={query} rowCount={rows.length} columns={columns.length} emptyText={emptyText}>
              {rows.map((row) => {
                const id = rowId(row);
                const isSelected = id === selected;
                return (
                  <Table.Tr
                    key={id}
                    data-row-id={id}
                    data-selected={isSelected || undefined}
                    bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
                    style={{ cursor: 'pointer' }}
                    tabIndex={0}
                    onClick={() => select(id)}
                    onKeyDown={(event) => onRowKeyDown(event, id)}
                  >
                    {columns.map((column) => (
                      <Table.Td key={column.key} ta={column.numeric ? 'right' : undefined}>
                        {cellText(row, column)}
                      </Table.Td>
                    ))}
                    <Table.Td hidden>{id}</Table.Td>
                  </Table.Tr>
                );
              })}
            </QueryRows>
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </div>
  );
}
