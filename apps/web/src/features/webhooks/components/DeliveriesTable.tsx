import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { HOOK_DELIVERY_LIST_LIMIT, type HookDelivery } from '@parcelops/shared';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.tsx';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ActionsHeader, RowActions } from '../../../lib/RowActions.tsx';
import { hookDeliveriesQuery, useResendDelivery } from '../api.ts';
import { DeliveryDetailsModal } from './DeliveryDetailsModal.tsx';
import { DeliveryStateBadge } from './DeliveryStateBadge.tsx';
import { EventCell } from './EventCell.tsx';

/**
 * The account's latest deliveries, newest first, each with its details and a "Send again". While any is
 * pending the list follows it (see `hookDeliveriesQuery`), the open details included.
 */
export function DeliveriesTable({ accountSid }: { accountSid: string }) {
  const { t } = useTranslation('webhooks');
  const titleId = useId();
  const columns = [
    { key: 'created', label: t('deliveries.columns.created') },
    { key: 'event', label: t('deliveries.columns.event') },
    { key: 'state', label: t('deliveries.columns.state') },
    { key: 'attempts', label: t('deliveries.columns.attempts'), numeric: true },
    { key: 'lastStatus', label: t('deliveries.columns.lastStatus') },
    { key: 'nextAttempt', label: t('deliveries.columns.nextAttempt') },
    { key: 'actions', label: <ActionsHeader /> },
  ];
  const deliveries = useQuery(hookDeliveriesQuery(accountSid));
  const resend = useResendDelivery(accountSid);
  const [openId, setOpenId] = useState<string | null>(null);
  // Looked up on every render, so polling updates the open dialog too.
  const open = deliveries.data?.data.find((delivery) => delivery.id === openId) ?? null;

  const onResend = (delivery: HookDelivery) =>
    resend.mutate(delivery.id, {
      onSuccess: () => notifySuccess(t('deliveries.resent')),
      onError: (error) => notifyError(error),
    });

  return (
    <Stack gap="xs">
      <Title order={3} size="h4" id={titleId}>
        {t('deliveries.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('deliveries.hint', { limit: HOOK_DELIVERY_LIST_LIMIT })}
      </Text>
      <QueryState
        query={deliveries}
        loading={<SkeletonLines lines={3} />}
        isEmpty={(list) => list.data.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('deliveries.empty')}
          </Text>
        }
      >
        {(list) => (
          // On a phone the table scrolls sideways inside its box; the box takes focus so a keyboard can too.
          <Table.ScrollContainer
            minWidth={820}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'group', 'aria-label': t('deliveries.tableLabel') },
            }}
          >
            <Table striped withTableBorder aria-labelledby={titleId}>
              <ColumnHeads columns={columns} />
              <Table.Tbody>
                {list.data.map((delivery) => (
                  <DeliveryRow
                    key={delivery.id}
                    delivery={delivery}
                    onDetails={() => setOpenId(delivery.id)}
                    onResend={() => onResend(delivery)}
                    resending={resend.isPending && resend.variables === delivery.id}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <DeliveryDetailsModal delivery={open} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

interface DeliveryRowProps {
  delivery: HookDelivery;
  onDetails: () => void;
  onResend: () => void;
  resending: boolean;
}

function DeliveryRow({ delivery, onDetails, onResend, resending }: DeliveryRowProps) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const [last] = delivery.attempts;
  return (
    <Table.Tr data-delivery-id={delivery.id}>
      {/* Times stay on one line: on a phone the table scrolls sideways rather than stack a date in three. */}
      <Table.Td style={NO_WRAP}>
        <time dateTime={delivery.created_at}>{format.dateTime(delivery.created_at)}</time>
      </Table.Td>
      <Table.Td>
        <EventCell delivery={delivery} />
      </Table.Td>
      <Table.Td>
        <DeliveryStateBadge delivery={delivery} />
      </Table.Td>
      <Table.Td ta="right">{format.number(delivery.attempts.length)}</Table.Td>
      <Table.Td>{last ? (last.status_code ?? t('delivery.noAnswer')) : ''}</Table.Td>
      <Table.Td style={NO_WRAP}>
        {delivery.state === 'pending' && delivery.next_attempt_at ? (
          <time dateTime={delivery.next_attempt_at}>{format.dateTime(delivery.next_attempt_at)}</time>
        ) : null}
      </Table.Td>
      <Table.Td>
        <RowActions>
          <Button size="xs" variant="default" onClick={onDetails}>
            {t('deliveries.details')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSend size={14} aria-hidden />}
            onClick={onResend}
            loading={resending}
          >
            {t('deliveries.resend')}
          </Button>
        </RowActions>
      </Table.Td>
    </Table.Tr>
  );
}
