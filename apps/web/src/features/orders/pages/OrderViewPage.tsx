import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { canPrintLabel, type Order, orderStatusLabel, Role } from '@parcelops/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { KeyValueView } from '../../../components/KeyValueView.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useViewer } from '../../../lib/session.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { formatDateTime, TrackingEvents } from '../../tracking/index.ts';
import { orderQuery } from '../api.ts';
import { EditCustomerDialog } from '../components/EditCustomerDialog.tsx';
import { EditWeightDialog } from '../components/EditWeightDialog.tsx';
import { OrderItemsTable } from '../components/OrderItemsTable.tsx';
import { OrderStatusBadge } from '../components/OrderStatusBadge.tsx';
import { formatKg } from '../order-format.ts';

/**
 * Every field of the order but its items (spec §2 Generic elements: the key/value view shows them all, "null"
 * for empty ones), with the status's label and the weight in KG.
 */
function orderDetails({ items: _items, ...order }: Order): Record<string, unknown> {
  return {
    ...order,
    status: `${orderStatusLabel(order.status)} (${order.status})`,
    weight: `${formatKg(order.weight)} KG`,
    date_created: formatDateTime(order.date_created),
  };
}

type Dialog = 'weight' | 'customer' | null;

/**
 * Spec §2 Orders, View order: the order, its items and its tracking events. Admins correct the weight, the
 * customer's details and the items' HS codes (spec §5).
 */
export function OrderViewPage() {
  const { sid = '' } = useParams();
  const viewer = useViewer();
  const isAdmin = viewer?.role === Role.admin;
  const order = useQuery(orderQuery(sid));
  useErrorToast(order.error);
  const [dialog, setDialog] = useState<Dialog>(null);

  if (order.isPending) return <Loader />;
  if (order.isError) {
    return (
      <Stack gap="md">
        <PageHeader title="View order" />
        <Alert color="red">{errorMessage(order.error)}</Alert>
        <Anchor component={Link} to="/internal/orders">
          Back to orders
        </Anchor>
      </Stack>
    );
  }

  const data = order.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Order ${data.orderNumber}`}
        actions={
          <>
            {canPrintLabel(data.status) ? (
              <Button component={Link} to={`/labels/${data.sid}`} leftSection={<IconPrinter size={16} />}>
                Print label
              </Button>
            ) : null}
            {isAdmin ? (
              <>
                <Button variant="light" onClick={() => setDialog('weight')}>
                  Edit weight
                </Button>
                <Button variant="light" onClick={() => setDialog('customer')}>
                  Edit customer info
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <Group gap="sm">
        <OrderStatusBadge status={data.status} />
        {data.reason ? <Text size="sm">{data.reason}</Text> : null}
        <Anchor component={Link} to="/internal/orders" size="sm" ml="auto">
          Back to orders
        </Anchor>
      </Group>

      <Stack gap="xs">
        <Title order={3} size="h4">
          Details
        </Title>
        <KeyValueView data={orderDetails(data)} />
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h4">
          Items
        </Title>
        <OrderItemsTable items={data.items} canEditHsCode={isAdmin} />
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h4">
          Tracking
        </Title>
        <TrackingEvents barcode={data.barcode} />
      </Stack>

      {dialog === 'weight' ? <EditWeightDialog order={data} opened onClose={() => setDialog(null)} /> : null}
      {dialog === 'customer' ? (
        <EditCustomerDialog order={data} opened onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}
