import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { FormPage } from '../../../components/FormPage.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useSaveAndLeave } from '../../../lib/use-save-and-leave.ts';
import { BatchOrderForm } from '../components/BatchOrderForm.tsx';
import { useCreateBatchOrder } from '../use-create-batch-order.ts';

/**
 * Spec §2 Create Batch Order, for everyone: admins and operators choose the account, account users create
 * for their own. On success: "Successfully created batch order" and back to the list, where it runs.
 */
export function BatchOrderAddPage() {
  const { t } = useTranslation('batchOrders');
  const viewer = useViewer();
  const choosesAccount = viewer?.role === Role.admin || viewer?.role === Role.operator;
  const { create, sent } = useCreateBatchOrder();
  const form = useSaveAndLeave({ save: create, done: t('created'), back: '/internal/batch_orders' });
  return (
    <FormPage title={t('createTitle')}>
      <BatchOrderForm
        {...form}
        choosesAccount={choosesAccount}
        ownAccountSid={viewer?.account_sid ?? null}
        sent={sent}
      />
    </FormPage>
  );
}
