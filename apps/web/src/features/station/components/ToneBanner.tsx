import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ScanTone } from '@parcelops/shared';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCloudCheck,
  IconCloudOff,
  IconHandStop,
  IconScan,
} from '@tabler/icons-react';

/**
 * A scan's answer in large type on a full colour band, readable from across the bench: green for done, amber
 * for one to look at, red for one to stop at, grey before the first scan. Blue says a scan is kept on this
 * device, not checked yet (issue 32: never green while queued); grey with a cloud says the queue was sent. An
 * icon repeats the colour for anyone who cannot tell them apart. Announced politely to screen readers. The
 * stations word it themselves (the hub's ScanBanner, the AMS page's banner, StationNoticeBanner for the queue).
 */
export type BannerLook = ScanTone | 'ready' | 'queued' | 'sent';

const LOOK: Record<BannerLook, { bg: string; c: string }> = {
  ready: { bg: 'gray.1', c: 'dark.9' },
  // White on Mantine's blue-9 reads at 6.4:1.
  queued: { bg: 'blue.9', c: 'white' },
  sent: { bg: 'gray.1', c: 'dark.9' },
  // Mantine's green-9 gives white text 4.3:1; this green (the status badges' ink) 6.0:1.
  success: { bg: '#1e6b30', c: 'white' },
  warning: { bg: 'yellow.4', c: 'dark.9' },
  error: { bg: 'red.9', c: 'white' },
};

const ICONS: Record<BannerLook, typeof IconScan> = {
  ready: IconScan,
  success: IconCircleCheck,
  warning: IconAlertTriangle,
  error: IconHandStop,
  queued: IconCloudOff,
  sent: IconCloudCheck,
};

interface ToneBannerProps {
  look: BannerLook;
  headline: string;
  detail: string;
  busy: boolean;
  /** What the banner says, for tests and styling (data-code). */
  code: string;
  /** Smaller type, for the camera dialog. */
  compact?: boolean;
  testId?: string;
}

export function ToneBanner({
  look,
  headline,
  detail,
  busy,
  code,
  compact = false,
  testId = 'scan-banner',
}: ToneBannerProps) {
  const Icon = ICONS[look];
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
      data-code={code}
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
