/**
 * A filing runs as a job (is_updating) while the view polls the AMS: when it ends, the view says how (once,
 * on the change it saw) and fetches again what the filing moved: the parcels went to Processed, the manifest
 * file exists, the AMS is closed.
 */
import type { Ams } from '@parcelops/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyErrorText, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { serverWords } from '../../lib/server-text.ts';
import { orderKeys } from '../orders/index.ts';
import { amsKeys } from './api.ts';

export function useFilingOutcome(ams: Ams) {
  const { t } = useTranslation('ams');
  const client = useQueryClient();
  const previous = useRef(ams);
  useEffect(() => {
    const before = previous.current;
    previous.current = ams;
    if (before === ams || before.sid !== ams.sid) return;
    const ended = before.is_updating && !ams.is_updating;
    if (ended) {
      void client.invalidateQueries({ queryKey: amsKeys.all });
      void client.invalidateQueries({ queryKey: orderKeys.all });
    }
    if (before.submit_status !== 'submitted' && ams.submit_status === 'submitted') {
      notifySuccess(t('submitted'));
    } else if (before.submit_status !== 'failed' && ams.submit_status === 'failed') {
      notifyErrorText(
        t('filing.failed', { reason: serverWords(ams.submit_reason_text, ams.submit_reason ?? '') }),
      );
    } else if (ended && ams.submit_reason) {
      // The job found problems that appeared after Submit: nothing was filed, the AMS can be submitted again.
      notifyWarning(t('filing.stopped', { reason: serverWords(ams.submit_reason_text, ams.submit_reason) }));
    }
  }, [ams, client, t]);
}
