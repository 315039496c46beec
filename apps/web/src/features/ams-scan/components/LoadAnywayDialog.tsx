import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/server-text.ts';
import type { AmsScanRow } from '../scan-rows.ts';

/** The most the server keeps of a reason (AmsOrderInputSchema). */
const MAX_REASON = 500;

interface LoadAnywayDialogProps {
  /** The set-aside parcel's refused row; null keeps the dialog shut. */
  row: AmsScanRow | null;
  onLoad: (row: AmsScanRow, reason: string) => void;
  onClose: () => void;
}

/**
 * Issue 28 item 1: an admin may load a parcel the hub set aside as Failed only by saying why. The dialog
 * repeats the server's refusal (which names the hub's reason) and asks for the admin's; the scan is then sent
 * again with it (POST /ams/order `reason`), and the answer comes back as a scan of its own.
 */
export function LoadAnywayDialog({ row, onLoad, onClose }: LoadAnywayDialogProps) {
  const { t } = useTranslation('amsScan');
  const { t: common } = useTranslation();
  const failureText = useFailureText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!row) return;
    const given = reason.trim();
    if (!given) return setError(t('loadAnyway.reasonRequired'));
    onLoad(row, given);
    close();
  };
  return (
    <Modal
      opened={row !== null}
      onClose={close}
      title={row ? t('loadAnyway.title', { barcode: row.barcode }) : ''}
      centered
    >
      {row ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="red.9" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {failureText(row)}
            </Text>
            <Text size="sm">{t('loadAnyway.hint')}</Text>
            <Textarea
              label={t('loadAnyway.reason')}
              withAsterisk
              rows={3}
              maxLength={MAX_REASON}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
              data-testid="ams-load-anyway-reason"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {common('cancel')}
              </Button>
              <Button type="submit" color="red">
                {t('loadAnyway.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
