import { Stack } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateVendor } from '../api.ts';
import { VendorForm } from '../components/VendorForm.tsx';

const LIST_PATH = '/internal/vendors';

function AddVendor() {
  const { t } = useTranslation('vendors');
  const navigate = useNavigate();
  const create = useCreateVendor();
  return (
    <Stack gap="md">
      <PageHeader title={t('addTitle')} />
      <VendorForm
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
          notifySuccess(t('added'));
          navigate(LIST_PATH);
        }}
        onCancel={() => navigate(LIST_PATH)}
      />
    </Stack>
  );
}

export function VendorAddPage() {
  const { t } = useTranslation('vendors');
  return (
    <RequireRole roles={[Role.admin]} message={t('noPermission')}>
      <AddVendor />
    </RequireRole>
  );
}
