import type { StationNotice } from '../../station/index.ts';
import { StationNoticeBanner, ToneBanner } from '../../station/index.ts';
import type { ScanVerdict } from '../scan-verdict.ts';
import { useVerdictWords } from '../use-verdict-words.ts';

interface ScanBannerProps {
  last: ScanVerdict | null;
  /** What the queue has to say (a scan kept on the device, a backlog sent): it outranks an older verdict. */
  notice?: StationNotice | null;
  /** Scans waiting on the station, for the queued notice. */
  pending?: number;
  busy: boolean;
  /** Smaller type, for the camera dialog. */
  compact?: boolean;
  testId?: string;
}

/**
 * The last scan's verdict on the hub's colour band (ToneBanner): the words come from the verdict's code, never
 * the server's English. While the queue has news, the station's notice takes the band instead.
 */
export function ScanBanner({
  last,
  notice = null,
  pending = 0,
  busy,
  compact = false,
  testId = 'scan-banner',
}: ScanBannerProps) {
  const words = useVerdictWords();
  if (notice) {
    return (
      <StationNoticeBanner notice={notice} pending={pending} busy={busy} compact={compact} testId={testId} />
    );
  }
  const { headline, detail } = words(last);
  return (
    <ToneBanner
      look={last?.tone ?? 'ready'}
      headline={headline}
      detail={detail}
      busy={busy}
      code={last?.code ?? 'READY'}
      compact={compact}
      testId={testId}
    />
  );
}
