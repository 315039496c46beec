import { Button } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { useSubmitAms } from '../api.ts';

interface SubmitAmsButtonProps {
  ams: Ams;
  /** The reconciliation found what stops the filing (or nothing to file): the server would refuse. */
  blocked: boolean;
  /** The id of the text beside the button saying why it is off. */
  describedBy?: string;
}

/**
 * Spec §4: Submit AMS is on only while submit_status is initiated, no filing is under way and nothing stops
 * the filing. The 202 only queues the filing: how it ends is told when the AMS says so (useFilingOutcome). A
 * refusal (422 with every problem, 409) shows the server's msg; the reconciliation is fetched again.
 */
export function SubmitAmsButton({ ams, blocked, describedBy }: SubmitAmsButtonProps) {
  const { t } = useTranslation('ams');
  const submit = useSubmitAms(ams.sid);
  const onClick = async () => {
    try {
      await submit.mutateAsync();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Button
      onClick={onClick}
      loading={submit.isPending}
      disabled={ams.submit_status !== 'initiated' || ams.is_updating || blocked}
      aria-describedby={describedBy}
    >
      {t('form.submit')}
    </Button>
  );
}
