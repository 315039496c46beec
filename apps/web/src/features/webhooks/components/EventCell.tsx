import { Stack, Text } from '@mantine/core';
import type { HookDelivery } from '@parcelops/shared';

/**
 * The event type as the receiver switches on it, and for an order's event which order and what it became
 * (a test event has neither).
 */
export function EventCell({
  delivery,
}: {
  delivery: Pick<HookDelivery, 'type' | 'barcode' | 'status_label'>;
}) {
  const order = [delivery.barcode, delivery.status_label].filter(Boolean).join(' · ');
  return (
    <Stack gap={0}>
      <Text size="sm" ff="monospace">
        {delivery.type}
      </Text>
      {order ? (
        <Text size="xs" c="dimmed">
          {order}
        </Text>
      ) : null}
    </Stack>
  );
}
