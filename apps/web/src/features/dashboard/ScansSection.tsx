import { Stack, Table, Text, Title } from '@mantine/core';
import { type DashboardScansOfDay, HUBS } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../components/ScrollRegion.tsx';
import { useFormat } from '../../i18n/format.ts';
import { calendarDay } from './dashboard-data.ts';

interface ScansSectionProps {
  rows: readonly DashboardScansOfDay[];
  days: number;
}

/** Hub staff's figure: parcels received at each hub per day (their first hub scan), newest day first. */
export function ScansSection({ rows, days }: ScansSectionProps) {
  const { t } = useTranslation('scan');
  const format = useFormat();
  const hubs = [...new Set([...HUBS, ...rows.map((row) => row.hub)])];
  const byDay = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? new Map<string, number>();
    day.set(row.hub, (day.get(row.hub) ?? 0) + row.count);
    byDay.set(row.day, day);
  }
  const dayList = [...byDay.keys()].sort().reverse();
  return (
    <Stack component="section" gap="sm" aria-labelledby="dashboard-scans" data-testid="dashboard-scans">
      <Title order={3} size="h4" id="dashboard-scans">
        {t('dashboard.heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('dashboard.caption', { days })}
      </Text>
      {dayList.length === 0 ? (
        <Text>{t('dashboard.none', { days })}</Text>
      ) : (
        <ScrollRegion label={t('dashboard.table')} maxHeight={300}>
          <Table striped stickyHeader withTableBorder fz="sm" aria-label={t('dashboard.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('dashboard.day')}</Table.Th>
                {hubs.map((hub) => (
                  <Table.Th key={hub} scope="col" ta="right">
                    {hub}
                  </Table.Th>
                ))}
                <Table.Th scope="col" ta="right">
                  {t('dashboard.total')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dayList.map((day) => {
                const counts = byDay.get(day) ?? new Map<string, number>();
                const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
                return (
                  <Table.Tr key={day}>
                    <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
                      {format.date(calendarDay(day))}
                    </Table.Th>
                    {hubs.map((hub) => (
                      <Table.Td key={hub} ta="right">
                        {format.number(counts.get(hub) ?? 0)}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right" fw={700}>
                      {format.number(total)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}
