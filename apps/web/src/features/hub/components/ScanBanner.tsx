import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LastResult } from '../hooks/use-scan-session.ts';

/**
 * The last scan's result in large type on a full colour band, readable from across the bench: green for a new
 * parcel, yellow for one already in the table, red for a failure. Announced politely to screen readers.
 */
const LOOK = {
  ready: { bg: 'gray.1', c: 'dark.9' },
  // Mantine's green-9 gives white text 4.3:1; this green (the status badges' ink) 6.0:1.
  success: { bg: '#1e6b30', c: 'white' },
  duplicate: { bg: 'yellow.4', c: 'dark.9' },
  failure: { bg: 'red.9', c: 'white' },
} as const;

export function ScanBanner({ last, busy }: { last: LastResult | null; busy: boolean }) {
  const { t } = useTranslation('scan');
  const kind = last?.outcome ?? 'ready';
  const headline = last ? t(`banner.${last.outcome}`, { barcode: last.barcode }) : t('banner.ready');
  return (
    <Paper
      role="status"
      aria-live="polite"
      aria-busy={busy}
      p="lg"
      radius="md"
      bg={LOOK[kind].bg}
      c={LOOK[kind].c}
      data-testid="scan-banner"
      data-outcome={kind}
    >
      <Text fz={32} fw={800} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
        {headline}
      </Text>
      <Text fz="xl" fw={700} mt={4} style={{ overflowWrap: 'anywhere' }}>
        {last ? last.detail : t('banner.hint')}
      </Text>
    </Paper>
  );
}
