import { Progress, Stack, Text } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/FileUpload.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { amsBatchProgressQuery, useAmsBatchUpload } from '../api.ts';
import { batchStage, newProgressId } from '../batch-progress.ts';
import { AmsSection } from './AmsSection.tsx';

/**
 * The AMS view's batch upload: an xlsx of barcodes and carton labels, each row loaded as the scanning page
 * would. While it runs, a bar says how far the server is ("Loading parcels: 4,000 of 20,000", read every half
 * second under the upload's id). The result file comes down (AMS_batch_result.xlsx) and the toast gives the
 * counts, amber when some rows failed; the statistics, orders and reconciliation are fetched again.
 */
export function AmsBatchUpload({ ams }: { ams: Ams }) {
  const { t } = useTranslation('ams');
  const [file, setFile] = useState<File | null>(null);
  const [progressId, setProgressId] = useState<string | null>(null);
  const upload = useAmsBatchUpload(ams.sid);
  // The server refuses a submitted AMS or one being filed, and a closed one takes no parcels.
  const open = ams.status === 'initiated' && ams.submit_status !== 'submitted' && !ams.is_updating;
  const format = useFormat();

  const send = () => {
    if (!file) return;
    const id = newProgressId();
    setProgressId(id);
    upload.mutate(
      { file, progressId: id },
      {
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
        onSettled: () => setProgressId(null),
      },
    );
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
      >
        {upload.isPending && progressId ? <BatchProgress progressId={progressId} /> : null}
      </FileUpload>
      {open ? null : (
        <Text size="sm" c="gray.7">
          {t('batch.closed')}
        </Text>
      )}
    </AmsSection>
  );
}

/** The bar of an upload in flight: the file on its way, then the parcels loaded so far. */
function BatchProgress({ progressId }: { progressId: string }) {
  const { t } = useTranslation('ams');
  const format = useFormat();
  const { data } = useQuery(amsBatchProgressQuery(progressId));
  const stage = batchStage(data);
  const label =
    stage.kind === 'sending'
      ? t('batch.sending')
      : t('batch.loading', { done: format.number(stage.done), total: format.number(stage.total) });
  return (
    <Stack gap={4} data-testid="ams-batch-progress">
      <Text size="sm" aria-live="polite">
        {label}
      </Text>
      <Progress
        aria-label={label}
        value={stage.kind === 'sending' ? 100 : stage.percent}
        animated={stage.kind === 'sending'}
        striped={stage.kind === 'sending'}
      />
    </Stack>
  );
}
