import { Badge } from '@mantine/core';
import { ORDER_STATUSES, orderStatusColor } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';

/** The status's label in the chosen language: spec §4's labels, "Unknown Status" for other values. */
export function useOrderStatusLabel() {
  const { t } = useTranslation('orders');
  return (status: number) =>
    (ORDER_STATUSES as readonly number[]).includes(status)
      ? t(`status.${status}` as 'status.0')
      : t('status.unknown');
}

/**
 * The status colours dark enough for small text on their own light tint and for white text on them (WCAG AA
 * 4.5:1): Mantine's green reaches 4.0:1 at best on its light background, this green 6.0:1; red-9 gives 5.0:1.
 */
export const STATUS_INK: Record<'green' | 'red', string> = {
  green: '#1e6b30',
  red: 'var(--mantine-color-red-9)',
};

/**
 * Spec §4: red for Failed and Order Failed, else green. The chip carries no label of its own: what it says is
 * what assistive technology reads.
 */
export function OrderStatusBadge({ status }: { status: number }) {
  const label = useOrderStatusLabel();
  return (
    // A badge cuts its label short when a table squeezes it; "Order Failed" must always read in full.
    <Badge
      color={orderStatusColor(status)}
      variant="light"
      style={{
        textTransform: 'none',
        minWidth: 'max-content',
        '--badge-color': STATUS_INK[orderStatusColor(status)],
      }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {label(status)}
    </Badge>
  );
}
