import { Button } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSubmitAms } from '../api.ts';

/**
 * Spec §4: Submit AMS is on only while submit_status is initiated (and no filing is under way). A refusal
 * (422: what stops the filing) shows the server's msg.
 */
export function SubmitAmsButton({ ams }: { ams: Ams }) {
  const { t } = useTranslation('ams');
  const submit = useSubmitAms();
  const onClick = async () => {
    try {
      await submit.mutateAsync(ams.sid);
      notifySuccess(t('submitted'));
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Button
      variant="light"
      onClick={onClick}
      loading={submit.isPending}
      disabled={ams.submit_status !== 'initiated' || ams.is_updating}
    >
      {t('form.submit')}
    </Button>
  );
}
