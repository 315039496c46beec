import { Badge, Button, Group } from '@mantine/core';
import { ORDER_STATUSES, orderStatusColor, orderStatusLabel } from '@parcelops/shared';
import type { OrderStatistic } from '../api.ts';

interface OrderStatusButtonsProps {
  /** The chosen status, or null for all. */
  value: number | null;
  onChange: (status: number | null) => void;
  /** Counts under the other filters (GET /orders/statistic); undefined while they load. */
  statistic: OrderStatistic[] | undefined;
}

/**
 * Spec §2 Orders: one button per status (and All), each with how many orders the other filters find in that
 * status; pressing one lists only those. All counts every status, unknown ones too.
 */
export function OrderStatusButtons({ value, onChange, statistic }: OrderStatusButtonsProps) {
  const counts = new Map<number, number>();
  for (const entry of statistic ?? [])
    counts.set(entry.status, (counts.get(entry.status) ?? 0) + entry.count);
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const count = (n: number) => (statistic ? String(n) : '…');

  const buttons = [
    { key: 'all', status: null, label: 'All', color: undefined, count: total },
    ...ORDER_STATUSES.map((status) => ({
      key: String(status),
      status,
      label: orderStatusLabel(status),
      color: orderStatusColor(status),
      count: counts.get(status) ?? 0,
    })),
  ];

  return (
    <Group gap="xs" role="group" aria-label="Status">
      {buttons.map((button) => {
        const active = button.status === value;
        return (
          <Button
            key={button.key}
            size="xs"
            radius="xl"
            color={button.color}
            variant={active ? 'filled' : 'light'}
            aria-pressed={active}
            aria-label={`${button.label} (${count(button.count)})`}
            onClick={() => onChange(button.status)}
            rightSection={
              <Badge size="sm" variant={active ? 'white' : 'light'} color={button.color} circle={false}>
                {count(button.count)}
              </Badge>
            }
          >
            {button.label}
          </Button>
        );
      })}
    </Group>
  );
}
