import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { canPrintLabel, OrderStatus, Role } from '@parcelops/shared';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useViewer } from '../../../lib/session.ts';
import { orderQuery } from '../../orders/index.ts';
import { EditCustomerDialog } from '../components/EditCustomerDialog.tsx';
import { EditWeightDialog } from '../components/EditWeightDialog.tsx';
import { OrderCreditEntries } from '../components/OrderCreditEntries.tsx';
import { OrderHistory } from '../components/OrderHistory.tsx';
import { OrderItemEditDialog } from '../components/OrderItemEditDialog.tsx';
import { OrderItemsTable } from '../components/OrderItemsTable.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { OrderTimeline } from '../components/OrderTimeline.tsx';

type Dialog = 'weight' | 'customer' | { item: string } | null;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="xs" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Items can be corrected until the manifest is submitted (its parcels then become Processed); a Delivered or
 * Order Failed order keeps its record. The server decides (a manifest being filed refuses too).
 */
const SETTLED: readonly number[] = [OrderStatus.Processed, OrderStatus.Delivered, OrderStatus.OrderFailed];
const itemsEditable = (status: number) => !SETTLED.includes(status);

function BackToOrders() {
  const { t } = useTranslation('order');
  return (
    <Anchor component={Link} to="/internal/orders" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t('view.backToOrders')}
      </Group>
    </Anchor>
  );
}

/**
 * Spec §2 Orders, View order: a readable summary first (status and its reason, customer, seller, parcel,
 * manifest), then the items, the tracking timeline, the history and what the order moved on credit. The raw
 * key/value dump that used to close the page is gone (issue 28): what staff need of it is in the cards. Admins
 * correct the weight, the customer's details and the items' HS codes (spec §5); operators re-weigh at the hub;
 * staff correct an item until its manifest is submitted (issue 28). Staff see the order's history (who changed
 * what); sellers do not, and their browser never asks for it.
 */
export function OrderViewPage() {
  const { t } = useTranslation('order');
  const { sid = '' } = useParams();
  const viewer = useViewer();
  const isAdmin = viewer?.role === Role.admin;
  const isStaff = isAdmin || viewer?.role === Role.operator;
  const order = useQuery(orderQuery(sid));
  const [dialog, setDialog] = useState<Dialog>(null);

  if (order.data === undefined) {
    // Loading or failed: the page still has its heading, and the error its Retry (shown once, not as a toast).
    return (
      <Stack gap="md">
        <PageHeader title={t('view.pageTitle')} actions={<BackToOrders />} />
        <QueryState query={order}>{() => null}</QueryState>
      </Stack>
    );
  }

  const data = order.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('view.title', { orderNumber: data.orderNumber })}
        actions={
          <>
            <BackToOrders />
            {canPrintLabel(data.status) ? (
              <Button
                component={Link}
                to={`/labels/${data.sid}`}
                leftSection={<IconPrinter size={16} aria-hidden />}
              >
                {t('view.printLabel')}
              </Button>
            ) : null}
            {isStaff ? (
              <Button variant="light" onClick={() => setDialog('weight')}>
                {t('view.editWeight')}
              </Button>
            ) : null}
            {isAdmin ? (
              <Button variant="light" onClick={() => setDialog('customer')}>
                {t('view.editCustomer')}
              </Button>
            ) : null}
          </>
        }
      />

      <OrderSummary order={data} />

      <Section title={t('view.items')}>
        <OrderItemsTable
          items={data.items}
          onEditItem={
            isStaff && itemsEditable(data.status) ? (item) => setDialog({ item: item.sid }) : undefined
          }
        />
      </Section>

      <Section title={t('view.tracking')}>
        <OrderTimeline barcode={data.barcode} />
      </Section>

      {isStaff ? (
        <Section title={t('history.title')} testId="order-history">
          <OrderHistory orderSid={data.sid} />
        </Section>
      ) : null}

      <Section title={t('credit.title')}>
        <OrderCreditEntries orderSid={data.sid} />
      </Section>

      {dialog === 'weight' ? (
        <EditWeightDialog order={data} opened onClose={() => setDialog(null)} withMoney={isAdmin} />
      ) : null}
      {dialog === 'customer' ? (
        <EditCustomerDialog order={data} opened onClose={() => setDialog(null)} />
      ) : null}
      {typeof dialog === 'object' && dialog !== null ? (
        <OrderItemEditDialog
          orderSid={data.sid}
          itemSid={dialog.item}
          opened
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}
