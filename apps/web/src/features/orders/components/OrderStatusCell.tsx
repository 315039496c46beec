import { Stack, Text } from '@mantine/core';
import { OrderStatus, type OrderSummary } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';

/** The status chip and, for a failed order, why it failed: the first thing someone fixing it needs. */
export function OrderStatusCell({ order }: { order: Pick<OrderSummary, 'status' | 'reason'> }) {
  const { t } = useTranslation('orders');
  const failed = order.status === OrderStatus.Failed || order.status === OrderStatus.OrderFailed;
  return (
    <Stack gap={2} align="flex-start">
      <OrderStatusBadge status={order.status} />
      {failed && order.reason ? (
        <Text size="xs" c="var(--mantine-color-error)" lineClamp={2} maw={240} title={order.reason}>
          {t('reason', { reason: order.reason })}
        </Text>
      ) : null}
    </Stack>
  );
}
