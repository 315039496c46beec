import { Group, Stack, Title } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { exportPriceTable, priceTableQuery, useUpdatePriceTable } from '../api.ts';
import { PriceRowsTable } from '../components/PriceRowsTable.tsx';
import { PriceTableForm } from '../components/PriceTableForm.tsx';

const LIST_PATH = '/internal/pricese';

function EditPriceTable() {
  const { t } = useTranslation('catalogs');
  const { sid = '' } = useParams();
  const navigate = useNavigate();
  // A failed load shows once, inline with Retry.
  const table = useQuery(priceTableQuery(sid));
  const update = useUpdatePriceTable(sid);

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <PageHeader title={t('priceTables.editTitle')} />
        <QueryState query={table}>
          {(data) => (
            <PriceTableForm
              key={data.sid}
              priceTable={data}
              onSubmit={async (upload) => {
                // Stays here: the table below refreshes with the new rows for checking.
                await update.mutateAsync(upload);
                notifySuccess(t('updated'));
              }}
              onCancel={() => navigate(LIST_PATH)}
            />
          )}
        </QueryState>
      </Stack>
      {table.data ? (
        <Stack gap="xs" maw={560}>
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('priceTables.prices')}
            </Title>
            <DownloadButton download={() => exportPriceTable(table.data)}>
              {t('priceTables.export')}
            </DownloadButton>
          </Group>
          <PriceRowsTable rows={table.data.rows} />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Spec §2 Prices/Rates: replace an existing table's rows from a new sheet, and see the stored rows. */
export function PriceTableEditPage() {
  const { t } = useTranslation('catalogs');
  return (
    <RequireRole roles={[Role.admin]} message={t('priceTables.noPermission')}>
      <EditPriceTable />
    </RequireRole>
  );
}
