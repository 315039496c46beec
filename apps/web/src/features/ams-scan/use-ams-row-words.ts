/**
 * A row's answer in the page's own words (the `amsScan` texts by outcome, the server's words only for why a
 * scan failed): the banner's two lines, also the Exceptions list's for a queued scan's verdict.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf, useFailureText } from '../../lib/server-text.ts';
import type { StationException } from '../station/index.ts';
import type { AmsScanOutcome, AmsScanRow } from './scan-rows.ts';

export interface AmsRowWords {
  headline: string;
  detail: string;
}

/** A row with a verdict: a queued one has none to word (the station's queued notice speaks for it). */
type WordedRow = Pick<
  AmsScanRow,
  'barcode' | 'orderNumber' | 'cartonLabel' | 'amsId' | 'movedFrom' | 'reason' | 'reasonText'
> & { outcome: Exclude<AmsScanOutcome, 'queued'> };

/** An exception's verdict as a failed row: every AMS exception is a load the server did not make. */
export function exceptionRow({ barcode, verdict }: StationException): WordedRow {
  const reasonText = textOf(verdict);
  return {
    outcome: 'failed',
    barcode,
    orderNumber: null,
    cartonLabel: verdict.ams_carton_label ?? '',
    amsId: null,
    reason: verdict.msg,
    ...(reasonText ? { reasonText } : {}),
  };
}

export function useAmsRowWords(): (row: WordedRow) => AmsRowWords {
  const { t } = useTranslation('amsScan');
  const failureText = useFailureText();
  return useCallback(
    (row) => ({
      headline: t(`banner.${row.outcome}.title`, { barcode: row.barcode }),
      detail:
        row.outcome === 'failed'
          ? t('banner.failed.detail', { msg: failureText(row) })
          : t(`banner.${row.outcome}.detail`, {
              orderNumber: row.orderNumber ?? '',
              carton: row.cartonLabel,
              from: row.movedFrom ?? '',
              amsId: row.amsId ?? '',
            }),
    }),
    [t, failureText],
  );
}
