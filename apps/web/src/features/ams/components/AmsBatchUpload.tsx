import { Text } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/FileUpload.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { useAmsBatchUpload } from '../api.ts';
import { AmsSection } from './AmsSection.tsx';

/**
 * The AMS view's batch upload: an xlsx of barcodes and carton labels, each row scanned in as the scanning page
 * would. The result file comes down (AMS_batch_result.xlsx) and the toast gives the counts, amber when some
 * rows failed; the statistics, orders and reconciliation are fetched again.
 */
export function AmsBatchUpload({ ams }: { ams: Ams }) {
  const { t } = useTranslation('ams');
  const format = useFormat();
  const [file, setFile] = useState<File | null>(null);
  const upload = useAmsBatchUpload(ams.sid);
  // The server refuses a submitted AMS or one being filed, and a closed one takes no parcels.
  const open = ams.status === 'initiated' && ams.submit_status !== 'submitted' && !ams.is_updating;

  const send = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (counts) => {
        const text = t('batch.result', {
          added: format.number(counts.added),
          already: format.number(counts.already),
          failed: format.number(counts.failed),
        });
        if (counts.failed > 0) notifyWarning(text);
        else notifySuccess(text);
        setFile(null);
      },
      onError: (error) => notifyError(error),
    });
  };

  return (
    <AmsSection title={t('batch.title')}>
      <Text size="sm" c="gray.7">
        {t('batch.hint')}
      </Text>
      <FileUpload
        label={t('batch.file')}
        file={file}
        onFileChange={setFile}
        onUpload={send}
        uploading={upload.isPending}
        ready={open}
      />
      {open ? null : (
        <Text size="sm" c="gray.7">
          {t('batch.closed')}
        </Text>
      )}
    </AmsSection>
  );
}
