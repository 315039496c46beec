import { Badge } from '@mantine/core';
import type { BatchStatus } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';

/** Spec §4 Process/batch status: grey while waiting, blue while the job runs, green when done, red failed. */
const COLOR: Record<BatchStatus, string> = {
  initiated: 'gray',
  'in-progress': 'blue',
  success: 'green',
  failed: 'red',
};

/**
 * The text colour of each badge on its own light tint, dark enough for WCAG AA (4.5:1) at badge size: the
 * light variant's default shades are not (the orders' status badge darkens its green and red the same way).
 */
const INK: Record<BatchStatus, string> = {
  initiated: 'var(--mantine-color-gray-8)',
  'in-progress': 'var(--mantine-color-blue-9)',
  success: '#1e6b30',
  failed: 'var(--mantine-color-red-9)',
};

/** The status's label in the chosen language (English: Generated, Processing, Processed, Failed). */
export function useBatchStatusLabel() {
  const { t } = useTranslation('batchOrders');
  return (status: BatchStatus) => t(`status.${status}`);
}

/** The batch's status as a coloured chip; what it says is what assistive technology reads. */
export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const label = useBatchStatusLabel();
  return (
    <Badge
      color={COLOR[status]}
      variant="light"
      style={{ textTransform: 'none', minWidth: 'max-content', '--badge-color': INK[status] }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {label(status)}
    </Badge>
  );
}
