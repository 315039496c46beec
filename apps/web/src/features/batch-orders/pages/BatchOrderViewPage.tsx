import { Stack } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useViewer } from '../../../lib/session.ts';
import { batchOrderQuery } from '../api.ts';
import { BatchOrderReadOnlyForm } from '../components/BatchOrderReadOnlyForm.tsx';
import { BatchProblems } from '../components/BatchProblems.tsx';
import { BatchStatusBlock } from '../components/BatchStatusBlock.tsx';

const LIST_PATH = '/internal/batch_orders';

/**
 * Spec §2 View Batch Order, for everyone (the server shows sellers their own account's batches only): the
 * create form read-only, the "Batch order status" block, which follows a running batch by itself until it is
 * done, and for a failed one its bad rows with the error sheet.
 */
export function BatchOrderViewPage() {
  const { t } = useTranslation('batchOrders');
  const { sid = '' } = useParams();
  const viewer = useViewer();
  const isStaff = viewer?.role === Role.admin || viewer?.role === Role.operator;
  const navigate = useNavigate();
  const batch = useQuery(batchOrderQuery(sid));

  return (
    <Stack gap="md">
      <PageHeader title={t('viewTitle')} />
      {/* A failed load shows once, in place with Retry, not also as a toast. */}
      <QueryState query={batch}>
        {(data) => (
          <Stack gap="lg">
            <BatchOrderReadOnlyForm batch={data} showAccount={isStaff} onCancel={() => navigate(LIST_PATH)} />
            <BatchStatusBlock batch={data} />
            {data.status === 'failed' ? <BatchProblems batch={data} /> : null}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
