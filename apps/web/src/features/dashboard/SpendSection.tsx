import { BarChart } from '@mantine/charts';
import { Box, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { CreditUnit } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { RegionTable } from '../../components/RegionTable.tsx';
import { useFormat } from '../../i18n/format.ts';
import type { SpendPicture } from './dashboard-data.ts';
import { useDayAxis } from './OrdersPerDayChart.tsx';
import { DayHeader } from './OrdersPerDayTable.tsx';
import { useShortDay } from './use-short-day.ts';

interface SpendSectionProps {
  picture: SpendPicture;
  unit: CreditUnit;
  days: number;
}

/** A seller's spend per day: the total, bars per day, and the same numbers in a table beside them. */
export function SpendSection({ picture, unit, days }: SpendSectionProps) {
  const { t, i18n } = useTranslation('dashboard');
  const format = useFormat();
  const shortDay = useShortDay();
  const dayAxis = useDayAxis();
  // The axis says 1.2M rather than 1,200,000 VND; the tooltip and the table give the exact amount.
  const compact = new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-US', { notation: 'compact' });
  const data = picture.days.map((row) => ({ day: shortDay(row.day), date: row.day, amount: row.amount }));
  const spentDays = picture.days.filter((row) => row.amount !== 0).reverse();
  return (
    <Stack component="section" gap="sm" aria-labelledby="dashboard-spend">
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={3} size="h4" id="dashboard-spend">
          {t('spendHeading')}
        </Title>
        <Text size="sm">
          {t('spendTotal', { days })}:{' '}
          <Text span fw={700} data-testid="spend-total">
            {format.money(picture.total, unit)}
          </Text>
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('spendCaption', { unit })}
      </Text>
      {spentDays.length === 0 ? (
        <Text>{t('noSpend', { days })}</Text>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Box role="img" aria-label={t('spendChart')} data-testid="spend-chart">
              <BarChart
                h={260}
                data={data}
                dataKey="day"
                series={[{ name: 'amount', label: t('amount'), color: 'blue.7' }]}
                valueFormatter={(value) => format.money(value, unit)}
                yAxisProps={{ tickFormatter: (value: number) => compact.format(value), width: 48 }}
                {...dayAxis}
              />
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <RegionTable label={t('spendTable')} maxHeight={300} testId="spend-table" small>
              <ColumnHeads
                columns={[
                  { key: 'day', label: t('day') },
                  { key: 'amount', label: t('amount'), numeric: true },
                ]}
              />
              <Table.Tbody>
                {spentDays.map((row) => (
                  <Table.Tr key={row.day}>
                    <DayHeader day={row.day} />
                    <Table.Td ta="right">{format.money(row.amount, unit)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </RegionTable>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
