import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Formatters, useFormat } from '../../../i18n/format.ts';
import { type FailureWords, useFailureText } from '../../../lib/server-text.ts';
import type { ScanVerdict } from '../scan-verdict.ts';
import { ToneBanner } from './ToneBanner.tsx';

/** The verdict's second line: when and where, why it failed, or which order it is. */
function detailOf(
  verdict: ScanVerdict,
  t: TFunction<'scan'>,
  format: Formatters,
  failureText: (failure: FailureWords) => string,
): string {
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
      return t('banner.LOOKUP_FAILED.detail', { msg: verdict.failure ? failureText(verdict.failure) : '' });
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

/**
 * The last scan's verdict on the hub's colour band (ToneBanner): the words come from the verdict's code, never
 * the server's English.
 */
export function ScanBanner({ last, busy, compact = false, testId = 'scan-banner' }: ScanBannerProps) {
  const { t } = useTranslation('scan');
  const format = useFormat();
  const failureText = useFailureText();
  return (
    <ToneBanner
      look={last?.tone ?? 'ready'}
      headline={last ? t(`banner.${last.code}.title`, { barcode: last.barcode }) : t('banner.ready')}
      detail={last ? detailOf(last, t, format, failureText) : t('banner.hint')}
      busy={busy}
      code={last?.code ?? 'READY'}
      compact={compact}
      testId={testId}
    />
  );
}
