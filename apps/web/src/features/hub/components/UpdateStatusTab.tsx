import { Select, Stack, Text, TextInput } from '@mantine/core';
import { OrderStatus, UPLOADABLE_STATUSES } from '@parcelops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useOrderStatusLabel } from '../../orders/index.ts';
import { useStatusUpload } from '../api.ts';
import { BarcodeFileUpload } from './BarcodeFileUpload.tsx';

const FAILED = String(OrderStatus.Failed);

/**
 * Spec §2 Scan Orders, tab 3: one status (any but Order Failed, with a reason for Failed) on every order of a
 * barcode Excel; the reply, one row per barcode with its result, comes down as a file.
 */
export function UpdateStatusTab() {
  const { t } = useTranslation('hubUploads');
  const statusLabel = useOrderStatusLabel();
  const [status, setStatus] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useStatusUpload();
  const needsReason = status === FAILED;

  const send = () => {
    if (!file || status === null) return;
    if (needsReason && !reason.trim()) {
      setReasonError(t('status.reasonRequired'));
      return;
    }
    setReasonError(null);
    upload.mutate(
      { file, status, reason: needsReason ? reason : '' },
      {
        onSuccess: () => {
          notifySuccess(t('status.success'));
          setFile(null);
        },
        onError: (error) => {
          // A problem with the reason shows under its field; anything else once, as a toast.
          const onReason =
            error instanceof ApiError && error.details.find((issue) => issue.path === 'reason');
          if (onReason) setReasonError(onReason.message);
          else notifyError(error);
        },
      },
    );
  };

  return (
    <Stack gap="sm" maw={640}>
      <Text size="sm">{t('status.intro')}</Text>
      <Select
        label={t('status.label')}
        placeholder={t('status.placeholder')}
        required
        data={UPLOADABLE_STATUSES.map((value) => ({ value: String(value), label: statusLabel(value) }))}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setReasonError(null);
        }}
        allowDeselect={false}
        maw={280}
      />
      {needsReason ? (
        <TextInput
          label={t('status.reason')}
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={reasonError}
          maxLength={500}
        />
      ) : null}
      <BarcodeFileUpload
        file={file}
        onFileChange={setFile}
        onUpload={send}
        uploading={upload.isPending}
        ready={status !== null}
      />
    </Stack>
  );
}
