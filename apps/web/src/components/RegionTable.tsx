import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollRegion } from './ScrollRegion.tsx';

interface RegionTableProps {
  /** The table's accessible name, also the name of the box it scrolls in. */
  label: string;
  /** Taller tables scroll within this height, under their sticky header. */
  maxHeight: number;
  testId?: string;
  /** Smaller text, for the statistics tables beside a chart and the phone's folded columns. */
  small?: boolean;
  highlightOnHover?: boolean;
  /** The head (ColumnHeads), the body and any foot. */
  children: ReactNode;
}

/**
 * A striped table of rows already in hand (a scan session, a dashboard's days), scrolling in a named box the
 * keyboard can reach, its header kept in sight.
 */
export function RegionTable({
  label,
  maxHeight,
  testId,
  small = false,
  highlightOnHover = false,
  children,
}: RegionTableProps) {
  return (
    <ScrollRegion label={label} maxHeight={maxHeight}>
      <Table
        striped
        highlightOnHover={highlightOnHover}
        stickyHeader
        withTableBorder
        fz={small ? 'sm' : undefined}
        aria-label={label}
        data-testid={testId}
      >
        {children}
      </Table>
    </ScrollRegion>
  );
}
