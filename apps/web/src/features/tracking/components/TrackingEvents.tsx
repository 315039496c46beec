import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useServerText } from '../../../lib/server-text.ts';
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
  // The events' words and hub names are catalogue texts: they follow the language switch on this page too.
  const say = useServerText();
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
        {/* On a phone the table scrolls sideways; the box takes focus so a keyboard can scroll it too. */}
        <ScrollRegion label={t('tableLabel', { barcode })} minWidth={480}>
          <Table withTableBorder striped aria-label={t('tableLabel', { barcode })}>
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
                    <time dateTime={event.eventTime}>{format.dateTimeWithZone(event.eventTime)}</time>
                  </Table.Td>
                  <Table.Td>{say(event.description_text, event.description)}</Table.Td>
                  <Table.Td>{say(event.location_text, event.location ?? '')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      </Stack>
    </Stack>
  );
}
