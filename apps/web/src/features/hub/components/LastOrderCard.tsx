import { Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@parcelops/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { OrderStatusBadge } from '../../orders/index.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The last order, readable from the bench: barcode and order number large, then weight, destination, seller,
 * items and status, in words rather than a dump of fields.
 */
export function LastOrderCard({ order }: { order: Order }) {
  const { t } = useTranslation('scan');
  const format = useFormat();
  const destination = [order.city, order.state, order.country, order.postalCode].filter(Boolean).join(', ');
  return (
    <Stack gap="sm" data-testid="scan-order">
      <Group justify="space-between" align="start" wrap="wrap" gap="sm">
        <div>
          <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
            {t('card.barcode')}
          </Text>
          <Text fz={30} fw={800} lh={1.1} ff="monospace" data-testid="scan-order-barcode">
            {order.barcode}
          </Text>
        </div>
        <div data-testid="scan-order-status">
          <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
            {t('card.status')}
          </Text>
          <OrderStatusBadge status={order.status} />
        </div>
      </Group>
      <div>
        <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
          {t('card.orderNumber')}
        </Text>
        <Text fz={24} fw={700} lh={1.2} data-testid="scan-order-number" style={{ overflowWrap: 'anywhere' }}>
          {order.orderNumber}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Fact label={t('card.weight')}>
          <span data-testid="scan-order-weight">{format.kilograms(order.weight)}</span>
        </Fact>
        <Fact label={t('card.destination')}>{destination}</Fact>
        <Fact label={t('card.seller')}>{order.account_name ?? ''}</Fact>
      </SimpleGrid>
      <div>
        <Title order={3} size="h6" tt="uppercase" c="gray.7">
          {t('card.items')}
        </Title>
        {order.items.length === 0 ? (
          <Text c="gray.7">{t('card.noItems')}</Text>
        ) : (
          <List spacing={2} data-testid="scan-order-items">
            {order.items.map((item) => (
              <List.Item key={item.sid}>
                <Text span fw={700}>
                  {t('card.item', { sku: item.skuNumber, quantity: format.number(item.quantity) })}
                </Text>
                {item.itemDescription ? <Text span>{` · ${item.itemDescription}`}</Text> : null}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}

/** The card's frame, also when there is no order to show. */
export function LastOrderPanel({ order }: { order: Order | null }) {
  const { t } = useTranslation('scan');
  return (
    <Paper withBorder p="md" h="100%">
      <Title order={2} size="h4" mb="sm">
        {t('lastOrder')}
      </Title>
      {order ? <LastOrderCard order={order} /> : <Text c="dimmed">{t('noOrder')}</Text>}
    </Paper>
  );
}
