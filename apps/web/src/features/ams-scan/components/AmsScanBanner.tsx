import { useTranslation } from 'react-i18next';
import { type StationNotice, StationNoticeBanner, ToneBanner } from '../../station/index.ts';
import { type AmsScanRow, OUTCOME_LOOK } from '../scan-rows.ts';
import { useAmsRowWords } from '../use-ams-row-words.ts';

interface AmsScanBannerProps {
  /** The last live answer; null before the first, or while the last scan is only queued. */
  last: AmsScanRow | null;
  /** What the queue has to say (a scan kept on the device, a backlog sent): it outranks an older answer. */
  notice: StationNotice | null;
  /** Scans waiting on the station, for the queued notice. */
  pending: number;
  busy: boolean;
}

/**
 * The last scan's answer on the hub's colour band: green added or moved to the scanned carton, amber already
 * in this AMS and carton, red failed. While the queue has news the station's notice takes the band: blue
 * "queued", never green, for a scan nobody has checked.
 */
export function AmsScanBanner({ last, notice, pending, busy }: AmsScanBannerProps) {
  const words = useAmsRowWords();
  if (notice) return <StationNoticeBanner notice={notice} pending={pending} busy={busy} />;
  if (!last || last.outcome === 'queued') {
    return <ReadyBanner busy={busy} />;
  }
  const { headline, detail } = words({ ...last, outcome: last.outcome });
  return (
    <ToneBanner
      look={OUTCOME_LOOK[last.outcome]}
      headline={headline}
      detail={detail}
      busy={busy}
      code={last.outcome}
    />
  );
}

function ReadyBanner({ busy }: { busy: boolean }) {
  const { t } = useTranslation('amsScan');
  return (
    <ToneBanner
      look="ready"
      headline={t('banner.ready')}
      detail={t('banner.hint')}
      busy={busy}
      code="READY"
    />
  );
}
