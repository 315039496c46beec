import { Badge } from '@mantine/core';
import { AMS_STATUSES, AMS_SUBMIT_STATUSES } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';

/**
 * Badge colours and their text, dark enough on the light tint for WCAG AA at badge size (the batch and order
 * badges darken theirs the same way).
 */
const TONES = {
  gray: 'var(--mantine-color-gray-8)',
  blue: 'var(--mantine-color-blue-9)',
  green: '#1e6b30',
  red: 'var(--mantine-color-red-9)',
  orange: 'var(--mantine-color-orange-9)',
} as const;
type Tone = keyof typeof TONES;

function ToneBadge({ tone, children }: { tone: Tone; children: string }) {
  return (
    <Badge
      color={tone}
      variant="light"
      style={{ textTransform: 'none', minWidth: 'max-content', '--badge-color': TONES[tone] }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {children}
    </Badge>
  );
}

const STATUS_TONE: Record<string, Tone> = { initiated: 'blue', closed: 'gray' };
const SUBMIT_TONE: Record<string, Tone> = { initiated: 'gray', submitted: 'green', failed: 'red' };

/** The AMS's status (initiated, closed); a value the web does not know shows as the server sent it. */
export function AmsStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('ams');
  const known = (AMS_STATUSES as readonly string[]).includes(status);
  return (
    <ToneBadge tone={STATUS_TONE[status] ?? 'gray'}>
      {known ? t(`status.${status}` as 'status.initiated') : status}
    </ToneBadge>
  );
}

/** Where the filing stands: initiated (not filed yet), submitted or failed. */
export function AmsSubmitStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('ams');
  const known = (AMS_SUBMIT_STATUSES as readonly string[]).includes(status);
  return (
    <ToneBadge tone={SUBMIT_TONE[status] ?? 'gray'}>
      {known ? t(`submitStatus.${status}` as 'submitStatus.initiated') : status}
    </ToneBadge>
  );
}

/** An AMS departing within 12 hours that is not filed yet (the server's `departing_soon`). */
export function DepartsSoonBadge() {
  const { t } = useTranslation('ams');
  return <ToneBadge tone="orange">{t('departsSoon')}</ToneBadge>;
}
