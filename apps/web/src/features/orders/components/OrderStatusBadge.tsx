import { Badge } from '@mantine/core';
import { orderStatusColor, orderStatusLabel } from '@parcelops/shared';

/** Spec §4: the status's label ("Unknown Status" for others), red for Failed and Order Failed, else green. */
export function OrderStatusBadge({ status }: { status: number }) {
  return (
    <Badge color={orderStatusColor(status)} variant="light" style={{ textTransform: 'none' }}>
      {orderStatusLabel(status)}
    </Badge>
  );
}
