import { Stack } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useViewer } from '../../../lib/session.ts';
import { useCreateOrder } from '../api.ts';
import { OrderForm } from '../components/OrderForm.tsx';
import { ORDER_PLACERS } from '../order-access.ts';

function AddOrder() {
  const { t } = useTranslation('order');
  const viewer = useViewer();
  const navigate = useNavigate();
  const create = useCreateOrder();
  return (
    <Stack gap="md">
      <PageHeader title={t('add.title')} />
      <OrderForm
        isAdmin={viewer?.role === Role.admin}
        onSubmit={async (payload) => {
          const order = await create.mutateAsync(payload);
          notifySuccess(t('add.created'));
          navigate(`/internal/orders/${order.sid}/view`);
        }}
        onCancel={() => navigate('/internal/orders')}
      />
    </Stack>
  );
}

/** Spec §2 Orders, Add order: on success the new order's view page, with its price and barcode. */
export function OrderAddPage() {
  // Not a text of the spec, which does not say what an operator sees here.
  const { t } = useTranslation('order');
  return (
    <RequireRole roles={ORDER_PLACERS} message={t('add.cannotAdd')}>
      <AddOrder />
    </RequireRole>
  );
}
