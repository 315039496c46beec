import { Button, Group, VisuallyHidden } from '@mantine/core';
import type { ReactNode, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <RowActions>
      <Button component={Link} to={editTo} size="xs" variant="light">
        {t('edit')}
      </Button>
      <Button size="xs" color="red" variant="light" onClick={onDelete}>
        {t('delete')}
      </Button>
    </RowActions>
  );
}

/**
 * The header of a column of row buttons: named for screen readers (an empty header is an accessibility
 * fault), invisible on screen where the buttons speak for themselves.
 */
export function ActionsHeader() {
  const { t } = useTranslation();
  return <VisuallyHidden>{t('actions')}</VisuallyHidden>;
}
