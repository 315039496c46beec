/**
 * A hub verdict in the station's own words (the `scan` texts by code, never the server's English): the
 * banner's two lines, also the Exceptions list's for a queued scan.
 */
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type Formatters, useFormat } from '../../i18n/format.ts';
import { type FailureWords, useFailureText } from '../../lib/server-text.ts';
import type { ScanVerdict } from './scan-verdict.ts';

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
    case 'SCAN_TIME_AHEAD':
    case 'SCAN_TOO_OLD':
    case 'SCAN_ID_REUSED':
      return t(`banner.${verdict.code}.detail`);
    default:
      return t(`banner.${verdict.code}.detail`, { orderNumber });
  }
}

export interface VerdictWords {
  headline: string;
  detail: string;
}

/** The words of a verdict, or of the ready banner before the first one. */
export function useVerdictWords(): (verdict: ScanVerdict | null) => VerdictWords {
  const { t } = useTranslation('scan');
  const format = useFormat();
  const failureText = useFailureText();
  return useCallback(
    (verdict) =>
      verdict
        ? {
            headline: t(`banner.${verdict.code}.title`, { barcode: verdict.barcode }),
            detail: detailOf(verdict, t, format, failureText),
          }
        : { headline: t('banner.ready'), detail: t('banner.hint') },
    [t, format, failureText],
  );
}
