import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ScanTone } from '@parcelops/shared';
import { IconAlertTriangle, IconCircleCheck, IconHandStop, IconScan } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Formatters, useFormat } from '../../../i18n/format.ts';
import type { ScanVerdict } from '../scan-verdict.ts';

/**
 * The last scan's verdict in large type on a full colour band, readable from across the bench: green for a
 * parcel received now, amber for one to look at, red for one to stop at. An icon repeats the colour for anyone
 * who cannot tell them apart; the words come from the verdict's code, never the server's English. Announced
 * politely to screen readers.
 */
type Look = ScanTone | 'ready';

const LOOK: Record<Look, { bg: string; c: string }> = {
  ready: { bg: 'gray.1', c: 'dark.9' },
  // Mantine's green-9 gives white text 4.3:1; this green (the status badges' ink) 6.0:1.
  success: { bg: '#1e6b30', c: 'white' },
  warning: { bg: 'yellow.4', c: 'dark.9' },
  error: { bg: 'red.9', c: 'white' },
};

const ICONS = { ready: IconScan, success: IconCircleCheck, warning: IconAlertTriangle, error: IconHandStop };

/** The verdict's second line: when and where, why it failed, or which order it is. */
function detailOf(verdict: ScanVerdict, t: TFunction<'scan'>, format: Formatters): string {
  const orderNumber = verdict.order?.orderNumber ?? '';
  const reason = verdict.order?.reason?.trim() || t('banner.noReason');
  switch (verdict.code) {
    case 'ALREADY_RECEIVED':
    case 'RECEIVED_AT_OTHER_HUB':
      return verdict.receivedAt && verdict.receivedHub
        ? t(`banner.${verdict.code}.detail`, {
            hub: verdict.receivedHub,
            when: format.shortDateTime(verdict.receivedAt),
          })
        : t(`banner.${verdict.code}.detailNoTime`);
    case 'FAILED':
    case 'ORDER_FAILED':
      return t(`banner.${verdict.code}.detail`, { reason });
    case 'LOOKUP_FAILED':
      return t('banner.LOOKUP_FAILED.detail', { msg: verdict.failure ?? '' });
    case 'NOT_FOUND':
      return t('banner.NOT_FOUND.detail');
    default:
      return t(`banner.${verdict.code}.detail`, { orderNumber });
  }
}

interface ScanBannerProps {
  last: ScanVerdict | null;
  busy: boolean;
  /** Smaller type, for the camera dialog. */
  compact?: boolean;
  testId?: string;
}

export function ScanBanner({ last, busy, compact = false, testId = 'scan-banner' }: ScanBannerProps) {
  const { t } = useTranslation('scan');
  const format = useFormat();
  const look: Look = last?.tone ?? 'ready';
  const Icon = ICONS[look];
  const headline = last ? t(`banner.${last.code}.title`, { barcode: last.barcode }) : t('banner.ready');
  const detail = last ? detailOf(last, t, format) : t('banner.hint');
  return (
    <Paper
      role="status"
      aria-live="polite"
      aria-busy={busy}
      p={compact ? 'sm' : 'lg'}
      radius="md"
      bg={LOOK[look].bg}
      c={LOOK[look].c}
      data-testid={testId}
      data-outcome={look}
      data-code={last?.code ?? 'READY'}
    >
      <Group gap="md" wrap="nowrap" align="center">
        <Icon size={compact ? 32 : 56} stroke={2} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fz={compact ? 22 : 34} fw={800} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {headline}
          </Text>
          <Text fz={compact ? 'md' : 'xl'} fw={700} style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
