import { Group } from '@mantine/core';
import type { ReactNode, SyntheticEvent } from 'react';

const keepInCell = (event: SyntheticEvent) => event.stopPropagation();

/**
 * Buttons inside a SelectableTable row. The row selects itself on click and swallows Enter and Space, so the
 * events stop here: clicking Delete must not select the row, and a keyboard user's Enter must reach the button.
 */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end" onClick={keepInCell} onKeyDown={keepInCell}>
      {children}
    </Group>
  );
}
