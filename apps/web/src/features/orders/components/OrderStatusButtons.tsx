import { Badge, Button, Group, Skeleton } from '@mantine/core';
import { ORDER_STATUSES, type OrderStatistic, orderStatusColor } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { STATUS_INK, useOrderStatusLabel } from './OrderStatusBadge.tsx';

interface OrderStatusButtonsProps {
  /** The chosen status, or null for all. */
  value: number | null;
  onChange: (status: number | null) => void;
  /** Counts under the other filters (GET /orders/statistic); undefined while they load. */
  statistic: OrderStatistic | undefined;
}

/**
 * Spec §2 Orders: one button per status (and All), each with how many orders the other filters find in that
 * status; pressing one lists only those. All counts every status, unknown ones too. Until the counts are in,
 * the buttons show a placeholder rather than a 0 that is not true. Each button is named by what it shows.
 */
export function OrderStatusButtons({ value, onChange, statistic }: OrderStatusButtonsProps) {
  const { t } = useTranslation('orders');
  const label = useOrderStatusLabel();
  const format = useFormat();
  const counts = new Map<number, number>();
  for (const entry of statistic ?? [])
    counts.set(entry.status, (counts.get(entry.status) ?? 0) + entry.count);
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);

  const buttons = [
    { key: 'all', status: null, label: t('all'), color: undefined, count: total },
    ...ORDER_STATUSES.map((status) => ({
      key: String(status),
      status,
      label: label(status),
      color: orderStatusColor(status),
      count: counts.get(status) ?? 0,
    })),
  ];

  return (
    <Group gap="xs" role="group" aria-label={t('statusGroup')} aria-busy={statistic ? undefined : true}>
      {buttons.map((button) => {
        const active = button.status === value;
        const ink = button.color ? STATUS_INK[button.color] : undefined;
        // Light: dark text on the tint; filled: the dark colour under white text (see STATUS_INK).
        const inkStyle = ink
          ? active
            ? { '--button-bg': ink, '--button-hover': ink }
            : { '--button-color': ink }
          : undefined;
        return (
          <Button
            key={button.key}
            size="xs"
            radius="xl"
            color={button.color}
            variant={active ? 'filled' : 'light'}
            aria-pressed={active}
            style={inkStyle}
            onClick={() => onChange(button.status)}
            rightSection={
              statistic ? (
                <Badge
                  size="sm"
                  variant={active ? 'white' : 'light'}
                  color={button.color}
                  circle={false}
                  style={ink ? { '--badge-color': ink } : undefined}
                >
                  {format.number(button.count)}
                </Badge>
              ) : (
                <Skeleton height={14} width={18} radius="xl" aria-hidden />
              )
            }
          >
            {button.label}
          </Button>
        );
      })}
    </Group>
  );
}
