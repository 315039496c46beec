import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@parcelops/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/format.ts';
import { OrderStatusBadge } from '../../orders/index.ts';

/** One labelled figure of a block: the label above, the value below, as invoices and carriers' pages show them. */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Address lines as a label shows them: empty parts left out, city, state and postal code on one line. */
function addressLines(parts: {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
}): string[] {
  const town = [parts.city, parts.state, parts.postalCode].filter(Boolean).join(', ');
  return [parts.address1, parts.address2, town, parts.country].filter((line): line is string => !!line);
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The order at a glance (issue: the view led with a raw dump): status and why, who receives it, who sends it,
 * what it weighs and costs, and its manifest when it is in one: everything staff need of the order's fields (the
 * raw key/value view that repeated them went in issue 28).
 */
export function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const seller = order.sellerInformation;
  const sellerLines = seller ? [seller.name ?? '', ...addressLines(seller)].filter(Boolean) : [];
  const inManifest = order.ams_sid !== null && order.ams_sid !== '';
  const sizes = [order.width, order.height, order.length].map((size) => format.centimetres(size));

  return (
    <Stack gap="md">
      {/* The current status and why, on one line: the card every later line of the page explains. */}
      <Paper withBorder px="md" py="sm" radius="md" component="section" aria-label={t('view.status')}>
        <Group gap="sm" wrap="wrap" align="center" data-testid="order-status">
          <Title order={2} size="h5">
            {t('view.status')}
          </Title>
          <OrderStatusBadge status={order.status} />
          {order.reason ? (
            <Text size="sm" fw={500} c="red.9" style={{ overflowWrap: 'anywhere' }}>
              {t('view.statusReason', { reason: order.reason })}
            </Text>
          ) : null}
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: inManifest ? 4 : 3 }}>
        <Block title={t('view.customer')}>
          <Text size="sm" fw={600}>
            {order.name}
          </Text>
          <Lines lines={addressLines(order)} />
          {order.phone ? <Text size="sm">{t('view.phone', { phone: order.phone })}</Text> : null}
        </Block>
        <Block title={t('view.seller')}>
          {sellerLines.length > 0 ? (
            <Lines lines={sellerLines} />
          ) : (
            <Text size="sm" c="gray.7">
              {t('view.noSeller')}
            </Text>
          )}
          {order.account_name ? <Fact label={t('view.account')}>{order.account_name}</Fact> : null}
        </Block>
        <Block title={t('view.parcel')}>
          <SimpleGrid cols={2} spacing="xs">
            <Fact label={t('view.price')} testId="order-summary-price">
              {format.money(order.vnd, 'VND')}
              <br />
              {format.money(order.usd, 'USD')}
            </Fact>
            <Fact label={t('view.chargeableWeight')} testId="order-summary-weight">
              {format.kilograms(order.weight)}
            </Fact>
            <Fact label={t('view.dimensions')}>{sizes.join(' × ')}</Fact>
            <Fact label={t('view.orderNumber')}>{order.orderNumber}</Fact>
            <Fact label={t('view.barcode')}>{order.barcode}</Fact>
            <Fact label={t('view.created')}>{format.dateTime(order.date_created)}</Fact>
            {order.shipping_partner ? (
              <Fact label={t('view.shippingPartner')}>{order.shipping_partner}</Fact>
            ) : null}
            {order.batch_sid ? (
              <Fact label={t('view.batch')} testId="order-summary-batch">
                <Anchor component={Link} to={`/internal/batch_orders/${order.batch_sid}/view`} size="sm">
                  {order.batch_name || order.batch_sid}
                </Anchor>
              </Fact>
            ) : null}
          </SimpleGrid>
        </Block>
        {inManifest ? (
          <Block title={t('view.manifest')}>
            <SimpleGrid cols={2} spacing="xs">
              <Fact label={t('view.masterAirWaybill')}>{order.ams_masterAirWaybill ?? ''}</Fact>
              <Fact label={t('view.cartonLabel')}>{order.ams_carton_label ?? ''}</Fact>
              <Fact label={t('view.manifestId')}>{order.ams_automatedManifestSystemId ?? ''}</Fact>
              {order.ams_details?.airportCode ? (
                <Fact label={t('view.airportCode')}>{order.ams_details.airportCode}</Fact>
              ) : null}
              {order.ams_details?.hawb ? <Fact label={t('view.hawb')}>{order.ams_details.hawb}</Fact> : null}
              {order.ams_details?.carrier ? (
                <Fact label={t('view.carrier')}>{order.ams_details.carrier}</Fact>
              ) : null}
              {order.ams_details?.serviceType ? (
                <Fact label={t('view.serviceType')}>{order.ams_details.serviceType}</Fact>
              ) : null}
            </SimpleGrid>
          </Block>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
