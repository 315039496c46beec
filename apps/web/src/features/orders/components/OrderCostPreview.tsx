import { Group, Paper, Stack, Text } from '@mantine/core';
import { chargeableWeight, PriceLookupError, type PriceRow, priceFor } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client.ts';
import { accountQuery } from '../../accounts/api.ts';
import { priceTableQuery } from '../../price-tables/api.ts';
import { type OrderFormValues, weighedItem } from '../order-form-values.ts';
import { formatKg, formatUsd, formatVnd } from '../order-format.ts';

export const PRICE_AT_ORDER_NOTE = 'Price is calculated when the order is placed.';

/** Admins see the price from the chosen account's table, the way the server will charge it. */
function AdminPrice({ accountSid, grams }: { accountSid: string | null; grams: number }) {
  const account = useQuery({ ...accountQuery(accountSid ?? ''), enabled: Boolean(accountSid) });
  const priceSid = account.data?.price_sid ?? null;
  const table = useQuery({ ...priceTableQuery(priceSid ?? ''), enabled: Boolean(priceSid) });

  if (!accountSid) return <Text c="dimmed">Choose an account to see the price.</Text>;
  const failure = account.error ?? table.error;
  if (failure) return <Text c="red">{errorMessage(failure)}</Text>;
  if (account.isPending) return <Text c="dimmed">Loading the price…</Text>;
  if (!priceSid) return <Text c="red">This account has no price table, so it cannot be priced.</Text>;
  if (!table.data) return <Text c="dimmed">Loading the price…</Text>;
  return <PriceLine rows={table.data.rows} grams={grams} />;
}

function PriceLine({ rows, grams }: { rows: readonly PriceRow[]; grams: number }) {
  let row: PriceRow;
  try {
    row = priceFor(rows, grams);
  } catch (error) {
    if (error instanceof PriceLookupError) return <Text c="red">{error.message}</Text>;
    throw error;
  }
  return (
    <Text fw={700} data-testid="order-price">
      {formatVnd(row.vnd)} · {formatUsd(row.usd)}
    </Text>
  );
}

interface OrderCostPreviewProps {
  isAdmin: boolean;
}

/**
 * What the order will weigh and cost, updated as the items are typed (spec §5 chargeable weight). Sellers
 * cannot read price tables, so for them the price comes with the created order.
 */
export function OrderCostPreview({ isAdmin }: OrderCostPreviewProps) {
  const items = useWatch<OrderFormValues, 'items'>({ name: 'items' });
  const accountSid = useWatch<OrderFormValues, 'account_sid'>({ name: 'account_sid' });
  const grams = chargeableWeight(items.map(weighedItem));
  return (
    <Paper withBorder p="md" aria-live="polite" aria-label="Chargeable weight and price">
      <Stack gap={4}>
        <Group gap="xs">
          <Text>Chargeable weight:</Text>
          <Text fw={700} data-testid="chargeable-weight">
            {formatKg(grams)} KG
          </Text>
        </Group>
        <Group gap="xs" align="baseline">
          <Text>Price:</Text>
          {isAdmin ? (
            <AdminPrice accountSid={accountSid} grams={grams} />
          ) : (
            <Text c="dimmed">{PRICE_AT_ORDER_NOTE}</Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
