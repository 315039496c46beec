import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/server-text.ts';
import { ToneBanner } from '../../hub/index.ts';
import { type AmsScanRow, OUTCOME_TONE } from '../scan-rows.ts';

/**
 * The last scan's answer on the hub's colour band: green added or moved to the scanned carton, amber already
 * in this AMS and carton, red failed.
 */
export function AmsScanBanner({ last, busy }: { last: AmsScanRow | null; busy: boolean }) {
  const { t } = useTranslation('amsScan');
  const failureText = useFailureText();
  if (!last) {
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
  const detail =
    last.outcome === 'failed'
      ? t('banner.failed.detail', { msg: failureText(last) })
      : t(`banner.${last.outcome}.detail`, {
          orderNumber: last.orderNumber ?? '',
          carton: last.cartonLabel,
          from: last.movedFrom ?? '',
          amsId: last.amsId ?? '',
        });
  return (
    <ToneBanner
      look={OUTCOME_TONE[last.outcome]}
      headline={t(`banner.${last.outcome}.title`, { barcode: last.barcode })}
      detail={detail}
      busy={busy}
      code={last.outcome}
    />
  );
}
