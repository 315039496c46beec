import { ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** Names the region for screen readers (the table's own name). */
  label: string;
  children: ReactNode;
}

/**
 * A table that scrolls within 300 px (spec §10: statistics tables), reachable from the keyboard: a scrolling
 * region must take focus, or keyboard users cannot scroll it.
 */
export function ScrollRegion({ label, children }: ScrollRegionProps) {
  return (
    <ScrollArea.Autosize
      mah={300}
      type="auto"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}
    >
      {children}
    </ScrollArea.Autosize>
  );
}
