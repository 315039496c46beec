import { Button } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSubmitAms } from '../api.ts';

interface SubmitAmsButtonProps {
  ams: Ams;
  /** The reconciliation found what stops the filing (or nothing to file): the server would refuse. */
  blocked: boolean;
  /** The id of the text beside the button saying why it is off. */
  describedBy?: string;
  /** Received parcels at the AMS's hub in no manifest: filing now leaves them for a later flight. */
  waiting?: number;
}

/**
 * Spec §4: Submit AMS is on only while submit_status is initiated, no filing is under way and nothing stops
 * the filing. The 202 only queues the filing: how it ends is told when the AMS says so (useFilingOutcome). A
 * refusal (422 with every problem, 409) shows the server's msg; the reconciliation is fetched again. When
 * received parcels would miss this flight it asks first, naming how many (issue 28 item 3); otherwise it
 * files at once, with no question that changes nothing.
 */
export function SubmitAmsButton({ ams, blocked, describedBy, waiting = 0 }: SubmitAmsButtonProps) {
  const { t } = useTranslation('ams');
  const format = useFormat();
  const submit = useSubmitAms(ams.sid);
  const [asking, setAsking] = useState(false);
  const send = async () => {
    try {
      await submit.mutateAsync();
    } catch (error) {
      notifyError(error);
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <Button
        onClick={() => (waiting > 0 ? setAsking(true) : void send())}
        loading={submit.isPending}
        disabled={ams.submit_status !== 'initiated' || ams.is_updating || blocked}
        aria-describedby={describedBy}
      >
        {t('form.submit')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('filing.confirmTitle', { name: ams.name })}
        message={t('filing.confirmWaiting', { count: waiting, formatted: format.number(waiting) })}
        confirmLabel={t('form.submit')}
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
        loading={submit.isPending}
      />
    </>
  );
}
