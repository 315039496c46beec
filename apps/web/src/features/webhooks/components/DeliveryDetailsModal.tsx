import { Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { HookDelivery } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { AttemptList } from './AttemptList.tsx';
import { CodeBox } from './CodeBox.tsx';
import { DeliveryStateBadge } from './DeliveryStateBadge.tsx';
import { EventCell } from './EventCell.tsx';

interface DeliveryDetailsModalProps {
  /** The delivery to show, or null when the dialog is closed. */
  delivery: HookDelivery | null;
  onClose: () => void;
}

/**
 * One delivery as a seller debugging their receiver needs it: the event id their logs know it by, every
 * attempt with the receiver's answer, and the exact body that was signed.
 */
export function DeliveryDetailsModal({ delivery, onClose }: DeliveryDetailsModalProps) {
  const { t } = useTranslation(['webhooks', 'common']);
  const format = useFormat();
  return (
    <Modal
      opened={delivery !== null}
      onClose={onClose}
      title={t('delivery.heading')}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {delivery ? (
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('delivery.eventId')}
            </Text>
            <Code style={{ overflowWrap: 'anywhere' }}>{delivery.id}</Code>
          </Stack>
          <Group gap="md" wrap="wrap" align="flex-start">
            <EventCell delivery={delivery} />
            <DeliveryStateBadge delivery={delivery} />
            <Text size="sm" component="time" dateTime={delivery.created_at}>
              {format.dateTime(delivery.created_at)}
            </Text>
            {delivery.state === 'pending' && delivery.next_attempt_at ? (
              <Text size="sm">
                {t('delivery.nextAttempt', { time: format.dateTime(delivery.next_attempt_at) })}
              </Text>
            ) : null}
          </Group>
          <Title order={3} size="h5">
            {t('delivery.attempts')}
          </Title>
          <AttemptList attempts={delivery.attempts} />
          <Title order={3} size="h5">
            {t('delivery.bodySent')}
          </Title>
          <CodeBox label={t('delivery.bodySent')}>{delivery.body}</CodeBox>
        </Stack>
      ) : null}
    </Modal>
  );
}
