import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  title?: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: the confirm button spins and the dialog cannot be dismissed. */
  loading?: boolean;
}

/** A yes/no question before a destructive action, e.g. "Do you want to delete the vendor {name}?". */
export function ConfirmDialog({
  opened,
  message,
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  loading = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title ?? t('pleaseConfirm')}
      centered
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      withCloseButton={!loading}
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {t('cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {confirmLabel ?? t('delete')}
        </Button>
      </Group>
    </Modal>
  );
}
