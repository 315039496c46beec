import { Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { amsStatisticQuery } from '../api.ts';
import { AmsSection } from './AmsSection.tsx';

/** Spec §2 AMS view: parcels and weight by carton label, scrolling within 300 px, with the totals below. */
export function AmsStatistics({ sid }: { sid: string }) {
  const { t } = useTranslation('ams');
  const format = useFormat();
  const statistic = useQuery(amsStatisticQuery(sid));
  return (
    <AmsSection title={t('statistics.title')}>
      <QueryState query={statistic} isEmpty={(data) => data.data.length === 0}>
        {(data) => (
          <ScrollRegion label={t('statistics.table')} maxHeight={300}>
            <Table stickyHeader withTableBorder aria-label={t('statistics.table')}>
              <ColumnHeads
                columns={[
                  { key: 'cartonLabel', label: t('statistics.cartonLabel') },
                  { key: 'count', label: t('statistics.count'), numeric: true },
                  { key: 'weight', label: t('statistics.weight'), numeric: true },
                ]}
              />
              <Table.Tbody>
                {data.data.map((entry) => (
                  <Table.Tr key={entry.ams_carton_label}>
                    <Table.Td>{entry.ams_carton_label}</Table.Td>
                    <Table.Td ta="right">{format.number(entry.count)}</Table.Td>
                    <Table.Td ta="right">{format.kilograms(entry.total_weight)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {/* The totals stay in sight while the labels scroll. */}
              <Table.Tfoot style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)' }}>
                <Table.Tr>
                  <Table.Th scope="row">{t('statistics.total')}</Table.Th>
                  <Table.Th ta="right">{format.number(data.count)}</Table.Th>
                  <Table.Th ta="right">{format.kilograms(data.total_weight)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </ScrollRegion>
        )}
      </QueryState>
    </AmsSection>
  );
}
