import { BarChart, type BarChartProps } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { calendarDay, type OrdersPicture } from './dashboard-data.ts';
import { statusColor } from './status-colors.ts';
import { useShortDay } from './use-short-day.ts';
import { useStatusLabel } from './use-status-label.ts';

/**
 * Orders per day as stacked bars, a colour per status. The picture is one image to assistive technology
 * (recharts' keyboard layer is off): the table beside it holds the same numbers, readable cell by cell.
 */
export function OrdersPerDayChart({ picture }: { picture: OrdersPicture }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const shortDay = useShortDay();
  const statusLabel = useStatusLabel();
  const dayAxis = useDayAxis();
  const data = picture.days.map((row) => ({
    day: shortDay(row.day),
    date: row.day,
    ...Object.fromEntries(picture.statuses.map((status) => [`s${status}`, row.counts[status] ?? 0])),
  }));
  const series = picture.statuses.map((status) => ({
    name: `s${status}`,
    label: statusLabel(status),
    color: statusColor(status),
  }));
  return (
    <Box role="img" aria-label={t('ordersChart')} data-testid="orders-chart">
      <BarChart
        h={280}
        data={data}
        dataKey="day"
        type="stacked"
        series={series}
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 40 }}
        valueFormatter={(value) => format.number(value)}
        yAxisProps={{ allowDecimals: false, width: 40 }}
        {...dayAxis}
      />
    </Box>
  );
}

/**
 * What the dashboard's bar charts share along their day axis: labels kept apart, no keyboard layer (the table
 * beside each chart holds its numbers), and the day in the tooltip written as the tables write it.
 */
export function useDayAxis(): Pick<
  BarChartProps,
  'xAxisProps' | 'accessibilityLayer' | 'tooltipAnimationDuration' | 'tooltipProps'
> {
  const format = useFormat();
  return {
    xAxisProps: { minTickGap: 12 },
    accessibilityLayer: false,
    tooltipAnimationDuration: 0,
    tooltipProps: {
      labelFormatter: (label, payload) => {
        const day = payload?.[0]?.payload?.date;
        return typeof day === 'string' ? format.date(calendarDay(day)) : label;
      },
    },
  };
}
