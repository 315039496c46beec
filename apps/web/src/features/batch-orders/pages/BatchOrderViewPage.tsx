import { Stack } from '@mantine/core';
import { type BatchOrderDetail, Role } from '@parcelops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { notifyError, notifyErrorText, notifySuccess } from '../../../lib/notify.ts';
import { useViewer } from '../../../lib/session.ts';
import { isBatchChecked } from '../api.ts';
import { BatchOrderReadOnlyForm } from '../components/BatchOrderReadOnlyForm.tsx';
import { BatchProblems } from '../components/BatchProblems.tsx';
import { BatchQuotePanel } from '../components/BatchQuotePanel.tsx';
import { BatchRunAgain } from '../components/BatchRunAgain.tsx';
import { BatchStatusBlock } from '../components/BatchStatusBlock.tsx';
import { useBatchOutcome } from '../use-batch-outcome.ts';
import { useRunBatchOrder } from '../use-run-batch-order.ts';

const LIST_PATH = '/internal/batch_orders';

/**
 * Spec §2 View Batch Order, for everyone (the server shows sellers their own account's batches only): the
 * create form read-only, the "Batch order status" block, which follows a running batch by itself until it is
 * done; for a failed one what to do next ("Run again" or "Upload a corrected file") and its bad rows with the
 * error sheet; for a checked one its quote and "Place orders". A run started here is announced when it ends.
 */
export function BatchOrderViewPage() {
  const { t } = useTranslation('batchOrders');
  const { sid = '' } = useParams();
  const viewer = useViewer();
  const isStaff = viewer?.role === Role.admin || viewer?.role === Role.operator;
  const navigate = useNavigate();
  const { run, running } = useRunBatchOrder();
  // The run started on this page, once the server has taken it: its outcome gets a toast.
  const [startedRun, setStartedRun] = useState<number | null>(null);
  const batch = useBatchOutcome(sid, startedRun, (done: BatchOrderDetail) => {
    if (done.status === 'success') notifySuccess(t('created'));
    else if (done.status === 'failed') notifyErrorText(t('outcome.failed'));
  });

  const runAgain = async () => {
    try {
      setStartedRun((await run(sid)).runs);
    } catch (error) {
      // Refused (already running or done, since this page last asked): say why, and show it as it is now.
      notifyError(error);
      await batch.refetch();
    }
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('viewTitle')} />
      {/* A failed load shows once, in place with Retry, not also as a toast. */}
      <QueryState query={batch}>
        {(data) => (
          <Stack gap="lg">
            <BatchOrderReadOnlyForm batch={data} showAccount={isStaff} onBack={() => navigate(LIST_PATH)} />
            <BatchStatusBlock batch={data} />
            {isBatchChecked(data) && data.quote ? (
              <BatchQuotePanel quote={data.quote} onPlace={runAgain} placing={running} />
            ) : null}
            {data.status === 'failed' ? (
              <>
                <BatchRunAgain batch={data} onRun={runAgain} running={running} />
                <BatchProblems batch={data} />
              </>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
