import { Box, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import type { OrdersPicture } from './dashboard-data.ts';
import { statusColor } from './status-colors.ts';
import { useStatusLabel } from './use-status-label.ts';

/** A tile per status with its count over the window, and one for all orders: the totals at a glance. */
export function StatusTotals({ picture }: { picture: OrdersPicture }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const statusLabel = useStatusLabel();
  const tiles = [
    { key: 'all', label: t('allOrders'), count: picture.total, color: undefined },
    ...picture.statuses.map((status) => ({
      key: String(status),
      label: statusLabel(status),
      count: picture.totals[status] ?? 0,
      color: statusColor(status),
    })),
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 4, lg: 8 }} spacing="sm" m={0}>
      {tiles.map((tile) => (
        <Paper key={tile.key} withBorder p="sm" radius="md" data-testid={`total-${tile.key}`}>
          <Text component="dt" size="sm" fw={500}>
            {tile.color ? (
              <Box
                component="span"
                display="inline-block"
                w={10}
                h={10}
                mr={6}
                bg={tile.color}
                style={{ borderRadius: 2 }}
                aria-hidden
              />
            ) : null}
            {tile.label}
          </Text>
          <Text component="dd" m={0} fz={24} fw={700} lh={1.3}>
            {format.number(tile.count)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
