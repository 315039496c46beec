import { Grid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrdersPicture } from './dashboard-data.ts';
import { OrdersPerDayChart } from './OrdersPerDayChart.tsx';
import { OrdersPerDayTable } from './OrdersPerDayTable.tsx';
import { StatusTotals } from './StatusTotals.tsx';

/** Orders per day by status: the totals, the stacked bars and, beside them, the table of the same numbers. */
export function OrdersSection({ picture }: { picture: OrdersPicture }) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack component="section" gap="sm" aria-labelledby="dashboard-orders">
      <Title order={3} size="h4" id="dashboard-orders">
        {t('ordersHeading')}
      </Title>
      <StatusTotals picture={picture} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <OrdersPerDayChart picture={picture} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <OrdersPerDayTable picture={picture} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
