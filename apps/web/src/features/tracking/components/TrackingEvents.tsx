import { Alert, Box, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { trackingQuery } from '../api.ts';
import { CurrentStatus } from './CurrentStatus.tsx';

interface TrackingEventsProps {
  barcode: string;
  /** The tracking page leads with the newest event as the parcel's current status. */
  withCurrentStatus?: boolean;
}

/**
 * The events of one barcode (spec §3 Tracking event: description, location, eventTime), newest first.
 * A failure, such as the 404 of an unknown barcode, shows the server's msg where the events would be.
 */
export function TrackingEvents({ barcode, withCurrentStatus = false }: TrackingEventsProps) {
  const { t } = useTranslation('tracking');
  const format = useFormat();
  const events = useQuery(trackingQuery(barcode));
  if (barcode === '') return null;
  if (events.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (events.isError) {
    return (
      <Alert color="yellow" variant="light" role="alert">
        {errorMessage(events.error)}
      </Alert>
    );
  }
  if (events.data.length === 0) return <Text c="dimmed">{t('noEvents')}</Text>;
  const [latest] = events.data;
  return (
    <Stack gap="md">
      {withCurrentStatus && latest ? <CurrentStatus barcode={barcode} latest={latest} /> : null}
      <Stack gap="xs">
        <Title order={withCurrentStatus ? 3 : 4} size="h4">
          {t('eventsFor', { barcode })}
        </Title>
        {/* On a phone the table scrolls sideways; the region takes focus so a keyboard can scroll it too. */}
        <Box
          style={{ overflowX: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={t('tableLabel', { barcode })}
        >
          <Table withTableBorder striped miw={480} aria-label={t('tableLabel', { barcode })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={200}>{t('time')}</Table.Th>
                <Table.Th>{t('description')}</Table.Th>
                <Table.Th>{t('location')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.data.map((event) => (
                <Table.Tr key={`${event.eventTime}|${event.description}|${event.location}`}>
                  <Table.Td>
                    <time dateTime={event.eventTime}>{format.dateTime(event.eventTime)}</time>
                  </Table.Td>
                  <Table.Td>{event.description}</Table.Td>
                  <Table.Td>{event.location ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Stack>
    </Stack>
  );
}
