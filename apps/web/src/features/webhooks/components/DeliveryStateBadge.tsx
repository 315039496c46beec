import { Badge } from '@mantine/core';
import type { HookDelivery } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { INK, type InkColor } from './ink.ts';

function colorOf(delivery: Pick<HookDelivery, 'state' | 'attempts'>): InkColor {
  if (delivery.state === 'delivered') return 'green';
  if (delivery.state === 'failed') return 'red';
  // Pending: waiting for its first attempt, or being retried after a failed one.
  return delivery.attempts.length > 0 ? 'yellow' : 'blue';
}

/** A delivery's state: pending is blue until an attempt has failed, then yellow while it is retried. */
export function DeliveryStateBadge({ delivery }: { delivery: Pick<HookDelivery, 'state' | 'attempts'> }) {
  const { t } = useTranslation('webhooks');
  const color = colorOf(delivery);
  return (
    <Badge
      color={color}
      variant="light"
      style={{ textTransform: 'none', minWidth: 'max-content', '--badge-color': INK[color] }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`deliveries.states.${delivery.state}`)}
    </Badge>
  );
}
