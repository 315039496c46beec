import { useTranslation } from 'react-i18next';
import type { StationNotice } from '../station-types.ts';
import { ToneBanner } from './ToneBanner.tsx';

interface StationNoticeBannerProps {
  notice: StationNotice;
  /** Scans waiting on the station. */
  pending: number;
  busy: boolean;
  compact?: boolean;
  testId?: string;
}

/**
 * The banner while the queue, not a verdict, has the news: a scan kept on the device (blue, never green:
 * nothing was checked) or a backlog sent, with how many of its verdicts need a look.
 */
export function StationNoticeBanner({
  notice,
  pending,
  busy,
  compact = false,
  testId = 'scan-banner',
}: StationNoticeBannerProps) {
  const { t } = useTranslation('scan');
  if (notice.type === 'queued') {
    return (
      <ToneBanner
        look="queued"
        headline={t('station.banner.queued.title', { barcode: notice.barcode })}
        detail={t('station.banner.queued.detail', { count: pending })}
        busy={busy}
        code="QUEUED"
        compact={compact}
        testId={testId}
      />
    );
  }
  return (
    <ToneBanner
      look="sent"
      headline={t('station.banner.sent.title', { count: notice.count })}
      detail={
        notice.exceptions > 0
          ? t('station.banner.sent.exceptions', { count: notice.exceptions })
          : t('station.banner.sent.clean')
      }
      busy={busy}
      code="SENT"
      compact={compact}
      testId={testId}
    />
  );
}
