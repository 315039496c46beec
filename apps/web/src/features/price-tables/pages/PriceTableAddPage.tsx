import { Stack } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreatePriceTable } from '../api.ts';
import { PriceTableForm } from '../components/PriceTableForm.tsx';

const LIST_PATH = '/internal/pricese';

function AddPriceTable() {
  const { t } = useTranslation('catalogs');
  const navigate = useNavigate();
  const create = useCreatePriceTable();
  return (
    <Stack gap="md">
      <PageHeader title={t('priceTables.addTitle')} />
      <PriceTableForm
        onSubmit={async (upload) => {
          const created = await create.mutateAsync(upload);
          notifySuccess(t('created'));
          // The edit page shows the rows just read from the file, so they can be checked at once.
          navigate(`/internal/pricese/${created.sid}/edit`, { replace: true });
        }}
        onCancel={() => navigate(LIST_PATH)}
      />
    </Stack>
  );
}

export function PriceTableAddPage() {
  const { t } = useTranslation('catalogs');
  return (
    <RequireRole roles={[Role.admin]} message={t('priceTables.noPermission')}>
      <AddPriceTable />
    </RequireRole>
  );
}
