import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ColumnHead {
  key: string;
  /** The header's text, or an element such as a visually hidden name for a column of buttons. */
  label: ReactNode;
  /** A header cell of its own (a sorting header, a tick-all box) in place of the plain label. */
  header?: ReactNode;
  /** Right-aligns the column, for amounts, weights and counts. */
  numeric?: boolean;
  /** A fixed width, for the tables laid out by their first row. */
  width?: string | number;
}

interface ColumnHeadsProps {
  columns: readonly ColumnHead[];
  /** Keeps every header on one line (the list tables); the others let a long header wrap. */
  nowrap?: boolean;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A table's head row: one column header per column, numeric ones right-aligned over their numbers. Shared by
 * DataTable and the tables of rows already in hand (scans, problems, findings), which keep their own frames.
 */
export function ColumnHeads({ columns, nowrap = false }: ColumnHeadsProps) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map(
          (column) =>
            column.header ?? (
              <Table.Th
                key={column.key}
                scope="col"
                ta={column.numeric ? 'right' : undefined}
                w={column.width}
                style={nowrap ? NO_WRAP : undefined}
              >
                {column.label}
              </Table.Th>
            ),
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
