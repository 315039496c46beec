import { Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { OrderSummary } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { OrderRowActions } from './OrderRowActions.tsx';
import { OrderStatusCell } from './OrderStatusCell.tsx';

interface OrderCardProps {
  order: OrderSummary;
  showAccount: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDelete?: (order: OrderSummary) => void;
}

/** One order on a phone: number, status (and why it failed), customer, money and the actions, no sideways scroll. */
export function OrderCard({ order, showAccount, selected, onSelect, onDelete }: OrderCardProps) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  return (
    <Card withBorder padding="sm" component="li" data-row-id={order.sid}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Checkbox
              size="xs"
              aria-label={t('selection.row', { orderNumber: order.orderNumber })}
              checked={selected}
              onChange={(event) => onSelect(event.currentTarget.checked)}
            />
            <Text fw={600} size="sm" truncate>
              {order.orderNumber}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {format.date(order.date_created)}
          </Text>
        </Group>
        <OrderStatusCell order={order} />
        <Text size="sm" truncate>
          {order.name}
          {showAccount ? ` · ${order.account_name}` : ''}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {order.barcode} · {format.kilograms(order.weight)}
          </Text>
          <Text size="sm">{format.money(order.vnd, 'VND')}</Text>
        </Group>
        <OrderRowActions order={order} onDelete={onDelete} />
      </Stack>
    </Card>
  );
}
