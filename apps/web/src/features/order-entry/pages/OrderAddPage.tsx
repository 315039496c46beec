import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { FormPage } from '../../../components/FormPage.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useSaveAndLeave } from '../../../lib/use-save-and-leave.ts';
import { ORDER_PLACERS } from '../../orders/index.ts';
import { useCreateOrder } from '../api.ts';
import { OrderForm } from '../components/OrderForm.tsx';

/** Spec §2 Orders, Add order: on success the new order's view page, with its price and barcode. */
export function OrderAddPage() {
  const { t } = useTranslation('order');
  const viewer = useViewer();
  const create = useCreateOrder();
  const form = useSaveAndLeave({
    save: create.mutateAsync,
    done: t('add.created'),
    back: '/internal/orders',
    next: (order) => `/internal/orders/${order.sid}/view`,
  });
  return (
    // The refusal is not a text of the spec, which does not say what an operator sees here.
    <FormPage title={t('add.title')} access={{ roles: ORDER_PLACERS, refusal: t('add.cannotAdd') }}>
      <OrderForm isAdmin={viewer?.role === Role.admin} {...form} />
    </FormPage>
  );
}
