import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconChecks } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { useServerText } from '../../../lib/server-text.ts';
import type { StationException } from '../station-types.ts';

export interface ExceptionWords {
  title: string;
  detail: string;
}

interface StationExceptionsProps {
  exceptions: readonly StationException[];
  /** The station's own words for a verdict (its banner's); the server's words when not given. */
  describe?: (exception: StationException) => ExceptionWords;
  onAcknowledge: (clientScanId: string) => void;
  onAcknowledgeAll: () => void;
}

/**
 * Queued scans whose verdicts need a look (issue 32 item 4), oldest scan first, each until an operator
 * acknowledges it: a later scan of the same parcel adds a row, it never replaces one. Nothing when empty.
 */
export function StationExceptions({
  exceptions,
  describe,
  onAcknowledge,
  onAcknowledgeAll,
}: StationExceptionsProps) {
  const { t } = useTranslation('scan');
  const format = useFormat();
  const say = useServerText();
  const headingId = useId();
  if (exceptions.length === 0) return null;
  const wordsOf =
    describe ??
    ((exception: StationException) => ({
      title: exception.barcode,
      detail: say(exception.verdict, exception.verdict.msg),
    }));
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="station-exceptions"
      style={{ borderColor: 'var(--mantine-color-red-9)', borderWidth: 2 }}
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="sm" mb="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('station.exceptions.title', { count: exceptions.length })}
        </Title>
        <Button
          variant="default"
          leftSection={<IconChecks size={16} aria-hidden />}
          onClick={onAcknowledgeAll}
        >
          {t('station.exceptions.acknowledgeAll')}
        </Button>
      </Group>
      <Text size="sm" mb="sm">
        {t('station.exceptions.hint')}
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {exceptions.map((exception) => {
          const words = wordsOf(exception);
          return (
            <li
              key={exception.client_scan_id}
              data-testid="station-exception"
              data-code={exception.verdict.code}
            >
              <Group justify="space-between" align="start" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {words.title}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {words.detail}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('station.exceptions.scannedAt', { when: format.shortDateTime(exception.scanned_at) })}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconCheck size={14} aria-hidden />}
                  aria-label={t('station.exceptions.acknowledgeOne', { barcode: exception.barcode })}
                  onClick={() => onAcknowledge(exception.client_scan_id)}
                  style={{ flexShrink: 0 }}
                >
                  {t('station.exceptions.acknowledge')}
                </Button>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
