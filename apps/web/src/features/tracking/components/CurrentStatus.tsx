import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { OrderStatus, type TrackingEvent } from '@parcelops/shared';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { useServerText } from '../../../lib/server-text.ts';
import { FailedParcelNote } from './FailedParcelNote.tsx';

interface CurrentStatusProps {
  barcode: string;
  /** The newest event: what the parcel last did is what the visitor came for. */
  latest: TrackingEvent;
}

/** The parcel's current status, large, above its history (issue item 11); for a Failed one, what next. */
export function CurrentStatus({ barcode, latest }: CurrentStatusProps) {
  const { t } = useTranslation('tracking');
  const format = useFormat();
  const say = useServerText();
  return (
    <Card withBorder padding="lg" aria-labelledby="tracking-current-status">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600} tt="uppercase" c="dimmed" id="tracking-current-status">
            {t('currentStatus')}
          </Text>
          <Badge variant="light" size="lg" radius="sm" tt="none">
            {t('parcel', { barcode })}
          </Badge>
        </Group>
        <Title order={2} size="h3">
          {say(latest.description_text, latest.description)}
        </Title>
        {latest.location ? (
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={18} aria-hidden />
            <Text>{say(latest.location_text, latest.location)}</Text>
          </Group>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('updatedAt', { time: format.dateTimeWithZone(latest.eventTime) })}
        </Text>
        {latest.status === OrderStatus.Failed ? <FailedParcelNote barcode={barcode} /> : null}
      </Stack>
    </Card>
  );
}
