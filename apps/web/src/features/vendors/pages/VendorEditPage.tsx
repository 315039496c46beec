import { Stack } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateVendor, vendorQuery } from '../api.ts';
import { VendorForm } from '../components/VendorForm.tsx';

const LIST_PATH = '/internal/vendors';

function EditVendor() {
  const { t } = useTranslation('vendors');
  const { sid = '' } = useParams();
  const navigate = useNavigate();
  // A failed load shows once, inline with Retry.
  const vendor = useQuery(vendorQuery(sid));
  const update = useUpdateVendor(sid);

  return (
    <Stack gap="md">
      <PageHeader title={t('editTitle')} />
      <QueryState query={vendor}>
        {(data) => (
          <VendorForm
            key={data.sid}
            vendor={data}
            onSubmit={async (payload) => {
              await update.mutateAsync(payload);
              notifySuccess(t('updated'));
              navigate(LIST_PATH);
            }}
            onCancel={() => navigate(LIST_PATH)}
          />
        )}
      </QueryState>
    </Stack>
  );
}

export function VendorEditPage() {
  const { t } = useTranslation('vendors');
  return (
    <RequireRole roles={[Role.admin]} message={t('noPermission')}>
      <EditVendor />
    </RequireRole>
  );
}
