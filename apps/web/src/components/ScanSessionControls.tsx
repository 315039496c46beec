import { Button, Group, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog.tsx';

interface ClearScansDialogProps {
  /** The scanning screen's texts: each says in its own words what clearing removes and what stays. */
  namespace: 'scan' | 'amsScan';
  opened: boolean;
  /** The screen's scan session: its rows are counted in the question, and cleared on Yes. */
  session: { rows: readonly unknown[]; clear: () => void };
  /** What clearing leaves alone, said after the question (the station's queued scans are still sent). */
  note?: string;
  onClose: () => void;
}

/** The question before a scanning screen empties its table of this session's scans; only the screen forgets them. */
export function ClearScansDialog({ namespace, opened, session, note, onClose }: ClearScansDialogProps) {
  const { t } = useTranslation(namespace);
  const question = t('clearConfirm', { count: session.rows.length });
  return (
    <ConfirmDialog
      opened={opened}
      title={t('clearTitle')}
      message={note ? `${question} ${note}` : question}
      confirmLabel={t('clear')}
      onConfirm={() => {
        session.clear();
        onClose();
      }}
      onCancel={onClose}
    />
  );
}

const TRASH = <IconTrash size={16} aria-hidden />;

interface ClearScansButtonProps {
  namespace: ClearScansDialogProps['namespace'];
  /** Asks first (ClearScansDialog): the scans cannot be brought back. */
  onClick: () => void;
  disabled: boolean;
}

/** The Clear button over a scanning screen's table. */
export function ClearScansButton({ namespace, onClick, disabled }: ClearScansButtonProps) {
  const { t } = useTranslation(namespace);
  return (
    <Button variant="default" leftSection={TRASH} onClick={onClick} disabled={disabled}>
      {t('clear')}
    </Button>
  );
}

/** The scans table's title, with the screen's buttons for the table (Clear, a report) across from it. */
export function ScansTableHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Group>
  );
}
