import { Group, Stack, Title } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { FormPage } from '../../../components/FormPage.tsx';
import { useSaveAndLeave } from '../../../lib/use-save-and-leave.ts';
import { exportPriceTable, priceTableQuery, useUpdatePriceTable } from '../api.ts';
import { PriceRowsTable } from '../components/PriceRowsTable.tsx';
import { PriceTableForm } from '../components/PriceTableForm.tsx';

/** Spec §2 Prices/Rates: replace an existing table's rows from a new sheet, and see the stored rows. */
export function PriceTableEditPage() {
  const { t } = useTranslation('catalogs');
  const { sid = '' } = useParams();
  const update = useUpdatePriceTable(sid);
  const form = useSaveAndLeave({
    save: update.mutateAsync,
    done: t('updated'),
    back: '/internal/pricese',
    // Stays here: the table below refreshes with the new rows for checking.
    next: () => null,
  });

  return (
    <FormPage
      title={t('priceTables.editTitle')}
      access={{ roles: [Role.admin], refusal: t('priceTables.noPermission') }}
      load={priceTableQuery(sid)}
    >
      {(table) => (
        <Stack gap="xl">
          <PriceTableForm key={table.sid} priceTable={table} {...form} />
          <Stack gap="xs" maw={560}>
            <Group justify="space-between">
              <Title order={2} size="h4">
                {t('priceTables.prices')}
              </Title>
              <DownloadButton download={() => exportPriceTable(table)}>
                {t('priceTables.export')}
              </DownloadButton>
            </Group>
            <PriceRowsTable rows={table.rows} />
          </Stack>
        </Stack>
      )}
    </FormPage>
  );
}
