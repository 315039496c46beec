import { Button } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateAms } from '../api.ts';

/**
 * A failed filing set back to initiated (PUT /ams/{sid} with submit_status initiated), so Submit AMS comes
 * on again once the problem is fixed; without it a failed AMS could never be filed.
 */
export function RefileButton({ ams }: { ams: Ams }) {
  const { t } = useTranslation('ams');
  const update = useUpdateAms(ams.sid);
  const onClick = async () => {
    try {
      await update.mutateAsync({ submit_status: 'initiated' });
      notifySuccess(t('updated'));
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Button size="xs" variant="light" onClick={onClick} loading={update.isPending} disabled={ams.is_updating}>
      {t('form.refile')}
    </Button>
  );
}
