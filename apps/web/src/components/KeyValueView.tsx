import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface KeyValueViewProps {
  data: Record<string, unknown>;
}

/** The value as text, or null when there is none to show. */
function formatValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Spec §2 Generic elements: every field is listed, so an empty one still has its row; it reads as a dash
 * ("No value" to a screen reader) rather than the word "null" (issue 21 item 7: rows of `null` read as a fault).
 */
export function KeyValueView({ data }: KeyValueViewProps) {
  const { t } = useTranslation();
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {Object.entries(data).map(([key, value]) => {
          const text = formatValue(value);
          return (
            <Table.Tr key={key}>
              {/* Long field names wrap rather than spill into the value; on a phone the names give way. */}
              <Table.Th style={{ width: 'min(220px, 40%)', overflowWrap: 'anywhere' }}>{key}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {text ?? (
                  <>
                    <Text span c="dimmed" aria-hidden>
                      —
                    </Text>
                    <VisuallyHidden>{t('noValue')}</VisuallyHidden>
                  </>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
