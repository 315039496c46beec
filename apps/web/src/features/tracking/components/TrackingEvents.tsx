import { Alert, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client.ts';
import { trackingQuery } from '../api.ts';
import { formatDateTime } from '../format-date-time.ts';

interface TrackingEventsProps {
  barcode: string;
}

/**
 * The events of one barcode (spec §3 Tracking event: description, location, eventTime), newest first.
 * A failure, such as the 404 of an unknown barcode, shows the server's msg where the events would be.
 */
export function TrackingEvents({ barcode }: TrackingEventsProps) {
  const events = useQuery(trackingQuery(barcode));
  if (barcode === '') return null;
  if (events.isPending) return <Loader size="sm" aria-label="Loading tracking events" />;
  if (events.isError) {
    return (
      <Alert color="yellow" variant="light" role="alert">
        {errorMessage(events.error)}
      </Alert>
    );
  }
  if (events.data.length === 0) return <Text c="dimmed">No tracking events yet.</Text>;
  return (
    <Table withTableBorder striped aria-label={`Tracking events of ${barcode}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={200}>Time</Table.Th>
          <Table.Th>Description</Table.Th>
          <Table.Th>Location</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.data.map((event) => (
          <Table.Tr key={`${event.eventTime}|${event.description}|${event.location}`}>
            <Table.Td>
              <time dateTime={event.eventTime}>{formatDateTime(event.eventTime)}</time>
            </Table.Td>
            <Table.Td>{event.description}</Table.Td>
            <Table.Td>{event.location ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
