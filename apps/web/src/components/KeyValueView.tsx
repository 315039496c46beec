import { Table } from '@mantine/core';

interface KeyValueViewProps {
  data: Record<string, unknown>;
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Spec §2 Generic elements: every field is listed, and an empty one reads "null" rather than vanishing. */
export function KeyValueView({ data }: KeyValueViewProps) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {Object.entries(data).map(([key, value]) => (
          <Table.Tr key={key}>
            {/* Long field names (ams_automatedManifestSystemId) wrap rather than spill into the value. */}
            <Table.Th w={220} style={{ overflowWrap: 'anywhere' }}>
              {key}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{formatValue(value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
