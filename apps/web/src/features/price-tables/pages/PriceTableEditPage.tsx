import { Alert, Group, Loader, Stack, Title } from '@mantine/core';
import { Messages, Role } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { exportPriceTable, priceTableQuery, useUpdatePriceTable } from '../api.ts';
import { PriceRowsTable } from '../components/PriceRowsTable.tsx';
import { PriceTableForm } from '../components/PriceTableForm.tsx';

const LIST_PATH = '/internal/pricese';
const TITLE = 'Edit price table';

function EditPriceTable() {
  const { sid = '' } = useParams();
  const navigate = useNavigate();
  const table = useQuery(priceTableQuery(sid));
  useErrorToast(table.error);
  const update = useUpdatePriceTable(sid);

  if (table.isPending) return <Loader />;
  if (table.isError) {
    return (
      <Stack gap="md">
        <PageHeader title={TITLE} />
        <Alert color="red">{errorMessage(table.error)}</Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <PageHeader title={TITLE} />
        <PriceTableForm
          key={table.data.sid}
          priceTable={table.data}
          onSubmit={async (upload) => {
            // Stays here: the table below refreshes with the new rows for checking.
            await update.mutateAsync(upload);
            notifySuccess(Messages.successfullyUpdated);
          }}
          onCancel={() => navigate(LIST_PATH)}
        />
      </Stack>
      <Stack gap="xs" maw={560}>
        <Group justify="space-between">
          <Title order={4}>Prices</Title>
          <DownloadButton download={() => exportPriceTable(table.data)}>Export</DownloadButton>
        </Group>
        <PriceRowsTable rows={table.data.rows} />
      </Stack>
    </Stack>
  );
}

/** Spec §2 Prices/Rates: replace an existing table's rows from a new sheet, and see the stored rows. */
export function PriceTableEditPage() {
  return (
    <RequireRole roles={[Role.admin]} message={Messages.noPermissionViewPricese}>
      <EditPriceTable />
    </RequireRole>
  );
}
