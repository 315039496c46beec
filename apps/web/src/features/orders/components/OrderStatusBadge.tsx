import { Badge } from '@mantine/core';
import { orderStatusColor, orderStatusLabel } from '@parcelops/shared';

/** Spec §4: the status's label ("Unknown Status" for others), red for Failed and Order Failed, else green. */
export function OrderStatusBadge({ status }: { status: number }) {
  return (
    // A badge cuts its label short when a table squeezes it; "Order Failed" must always read in full.
    <Badge
      color={orderStatusColor(status)}
      variant="light"
      style={{ textTransform: 'none', minWidth: 'max-content' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {orderStatusLabel(status)}
    </Badge>
  );
}
