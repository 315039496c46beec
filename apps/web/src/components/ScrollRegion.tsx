import { ScrollArea, Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** Names the region for screen readers (usually the table's own name); unique on the page. */
  label: string;
  /** Taller content scrolls within this height (spec §10: statistics tables scroll within 300 px). */
  maxHeight?: number;
  /**
   * A table narrower than this scrolls sideways rather than squeezing its columns (a phone's 390 px);
   * left out, the content keeps its own width.
   */
  minWidth?: number;
  children: ReactNode;
}

/**
 * A box that scrolls (a long or wide table), reachable from the keyboard: a scrolling region must take focus,
 * or keyboard users cannot scroll it (axe scrollable-region-focusable). Named, so a screen reader says what
 * the focus landed on.
 */
export function ScrollRegion({ label, maxHeight, minWidth, children }: ScrollRegionProps) {
  // A group, not a region: the section around it is usually the landmark, often under the same name.
  const viewportProps = { tabIndex: 0, role: 'group', 'aria-label': label };
  if (minWidth !== undefined) {
    return (
      <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight} scrollAreaProps={{ viewportProps }}>
        {children}
      </Table.ScrollContainer>
    );
  }
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto" viewportProps={viewportProps}>
      {children}
    </ScrollArea.Autosize>
  );
}
