import { Stack } from '@mantine/core';
import { Messages, Role } from '@parcelops/shared';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useViewer } from '../../../lib/session.ts';
import { useCreateOrder } from '../api.ts';
import { OrderForm } from '../components/OrderForm.tsx';
import { ORDER_PLACERS } from '../order-access.ts';

/** Not a text of the spec, which does not say what an operator sees here. */
const CANNOT_ADD_ORDERS = 'Only admins and account users can add orders';

function AddOrder() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const create = useCreateOrder();
  return (
    <Stack gap="md">
      <PageHeader title="Add order" />
      <OrderForm
        isAdmin={viewer?.role === Role.admin}
        onSubmit={async (payload) => {
          const order = await create.mutateAsync(payload);
          notifySuccess(Messages.orderCreated);
          navigate(`/internal/orders/${order.sid}/view`);
        }}
        onCancel={() => navigate('/internal/orders')}
      />
    </Stack>
  );
}

/** Spec §2 Orders, Add order: on success the new order's view page, with its price and barcode. */
export function OrderAddPage() {
  return (
    <RequireRole roles={ORDER_PLACERS} message={CANNOT_ADD_ORDERS}>
      <AddOrder />
    </RequireRole>
  );
}
