import { Button, Group } from '@mantine/core';
import type { ReactNode, SyntheticEvent } from 'react';
import { Link } from 'react-router';

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

/** The Edit link and Delete button of a list row. */
export function EditDeleteActions({ editTo, onDelete }: { editTo: string; onDelete: () => void }) {
  return (
    <RowActions>
      <Button component={Link} to={editTo} size="xs" variant="light">
        Edit
      </Button>
      <Button size="xs" color="red" variant="light" onClick={onDelete}>
        Delete
      </Button>
    </RowActions>
  );
}
