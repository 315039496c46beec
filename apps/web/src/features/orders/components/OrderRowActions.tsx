import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { canDeleteOrder, canPrintLabel, type OrderSummary } from '@parcelops/shared';
import { IconEye, IconPrinter, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface OrderRowActionsProps {
  order: OrderSummary;
  /** Given to those who may delete orders (not operators). */
  onDelete?: (order: OrderSummary) => void;
  /** Icons named by label and tooltip, for the dense table; cards have room for words. */
  compact?: boolean;
}

interface Action {
  key: string;
  label: string;
  icon: ReactNode;
  color?: string;
  to?: string;
  onClick?: () => void;
}

/**
 * View, Print label and Delete for one order. Spec §4: Order Failed orders offer neither Print label nor
 * Delete; and since only a Generated order can be deleted (product decisions), Delete shows only on those.
 */
export function OrderRowActions({ order, onDelete, compact = false }: OrderRowActionsProps) {
  const { t } = useTranslation('orders');
  const actions: Action[] = [
    {
      key: 'view',
      label: t('actions.view'),
      icon: <IconEye size={16} aria-hidden />,
      to: `/internal/orders/${order.sid}/view`,
    },
  ];
  if (canPrintLabel(order.status))
    actions.push({
      key: 'label',
      label: t('actions.printLabel'),
      icon: <IconPrinter size={16} aria-hidden />,
      to: `/labels/${order.sid}`,
    });
  if (onDelete && canDeleteOrder(order.status))
    actions.push({
      key: 'delete',
      label: t('actions.delete'),
      icon: <IconTrash size={16} aria-hidden />,
      color: 'red',
      onClick: () => onDelete(order),
    });

  return (
    <Group gap={6} wrap="nowrap">
      {actions.map((action) => {
        const common = { variant: 'light', color: action.color } as const;
        if (!compact)
          return action.to ? (
            <Button key={action.key} size="compact-sm" {...common} component={Link} to={action.to}>
              {action.label}
            </Button>
          ) : (
            <Button key={action.key} size="compact-sm" {...common} onClick={action.onClick}>
              {action.label}
            </Button>
          );
        return (
          <Tooltip key={action.key} label={action.label} withArrow openDelay={300}>
            {action.to ? (
              <ActionIcon {...common} aria-label={action.label} component={Link} to={action.to}>
                {action.icon}
              </ActionIcon>
            ) : (
              <ActionIcon {...common} aria-label={action.label} onClick={action.onClick}>
                {action.icon}
              </ActionIcon>
            )}
          </Tooltip>
        );
      })}
    </Group>
  );
}
