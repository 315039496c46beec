import { Stack } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { WithAccess } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { AMS_MANAGERS } from '../access.ts';
import { amsLock, parcelsChangeable } from '../ams-lock.ts';
import { amsQuery, amsStatisticQuery, useUpdateAms } from '../api.ts';
import { AmsBatchUpload } from '../components/AmsBatchUpload.tsx';
import { AmsFiling } from '../components/AmsFiling.tsx';
import { AmsFilingFacts } from '../components/AmsFilingFacts.tsx';
import { AmsForm, type UpdateAms } from '../components/AmsForm.tsx';
import { AmsLockNote } from '../components/AmsLockNote.tsx';
import { AmsOrdersBulkDelete } from '../components/AmsOrdersBulkDelete.tsx';
import { AmsOrdersTable } from '../components/AmsOrdersTable.tsx';
import { AmsStatistics } from '../components/AmsStatistics.tsx';
import { AmsSummary } from '../components/AmsSummary.tsx';
import { AmsWaitingList } from '../components/AmsWaitingList.tsx';
import { CartonLabelUpdate } from '../components/CartonLabelUpdate.tsx';

const LIST_PATH = '/internal/ams';

function AmsView({ sid }: { sid: string }) {
  const { t } = useTranslation('ams');
  const navigate = useNavigate();
  const ams = useQuery(amsQuery(sid));
  const statistic = useQuery(amsStatisticQuery(sid));
  const update = useUpdateAms(sid);
  const labels = statistic.data?.data.map((entry) => entry.ams_carton_label) ?? [];

  const save = async (payload: UpdateAms): Promise<Ams> => {
    const saved = await update.mutateAsync(payload);
    notifySuccess(t('updated'));
    return saved;
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('viewTitle')} />
      {/* A failed load shows once, in place with Retry, not also as a toast. */}
      <QueryState query={ams}>
        {(data) => {
          const lock = amsLock(data);
          const changeable = parcelsChangeable(lock);
          return (
            <Stack gap="lg">
              <AmsLockNote lock={lock} />
              <AmsFilingFacts ams={data} />
              {lock === 'submitted' ? (
                <AmsSummary ams={data} listPath={LIST_PATH} />
              ) : (
                <AmsForm key={data.sid} ams={data} onSubmit={save} onCancel={() => navigate(LIST_PATH)} />
              )}
              <AmsFiling ams={data} />
              <AmsStatistics sid={sid} />
              {changeable ? (
                <>
                  <AmsBatchUpload ams={data} />
                  <CartonLabelUpdate sid={sid} labels={labels} />
                  <AmsOrdersBulkDelete sid={sid} labels={labels} />
                </>
              ) : null}
              <AmsOrdersTable sid={sid} readOnly={!changeable} />
              <AmsWaitingList sid={sid} />
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}

/**
 * Spec §2 AMS view, admins only: the AMS's form with Update, where its filing stands, the check before filing
 * with Submit AMS and the AMS's files, its statistics by carton label, the batch upload of parcels, renaming a
 * carton label, taking orders out in bulk, its orders, and the parcels received at its hub that no manifest
 * holds yet. A submitted, closed or filing AMS shows only what can still change (ams-lock.ts).
 */
export function AmsViewPage() {
  const { t } = useTranslation('ams');
  const { sid = '' } = useParams();
  return (
    <WithAccess access={{ roles: AMS_MANAGERS, refusal: t('noPermission') }}>
      <AmsView sid={sid} />
    </WithAccess>
  );
}
