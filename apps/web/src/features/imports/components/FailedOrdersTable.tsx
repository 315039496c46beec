import { Table, Title } from '@mantine/core';
import type { OrderImportFailure } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';

/** Spec §2 Import orders: the orders of the file that were not imported, with the reason (rows and column). */
export function FailedOrdersTable({ failures }: { failures: readonly OrderImportFailure[] }) {
  const { t } = useTranslation('orderImport');
  return (
    <section aria-labelledby="failed-orders-title">
      <Title order={2} size="h4" id="failed-orders-title" mb="xs">
        {t('failedOrders')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder aria-labelledby="failed-orders-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orderNumber')}</Table.Th>
              <Table.Th>{t('reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failures.map((failure) => (
              // Order numbers repeat only when blank; the msg names the rows, so the pair is unique.
              <Table.Tr key={`${failure.orderNumber}:${failure.msg}`}>
                <Table.Td>{failure.orderNumber || '—'}</Table.Td>
                <Table.Td>{failure.msg}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
