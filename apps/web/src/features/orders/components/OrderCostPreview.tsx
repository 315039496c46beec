import { Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { chargeableWeight, type OrderQuoteInput, type WeighedItem } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client.ts';
import { orderQuoteQuery } from '../api.ts';
import { type OrderFormValues, weighedItem } from '../order-form-values.ts';
import { formatKg, formatUsd, formatVnd } from '../order-format.ts';

/** Typing pauses this long before the price is asked for again. */
export const QUOTE_DEBOUNCE_MS = 300;
export const CHOOSE_ACCOUNT_NOTE = 'Choose an account to see the price.';
export const QUANTITY_NOTE = 'Each item needs a quantity of at least 1 to be priced.';

/** The server's price for the items as typed, asked for once typing pauses. */
function QuotedPrice({ request }: { request: string }) {
  // Debounced as text: equal requests are equal strings, so a re-render never restarts the wait.
  const [settled] = useDebouncedValue(request, QUOTE_DEBOUNCE_MS);
  const quote = useQuery({
    ...orderQuoteQuery(JSON.parse(settled) as OrderQuoteInput),
    placeholderData: keepPreviousData,
  });
  if (quote.error) return <Text c="red">{errorMessage(quote.error)}</Text>;
  if (!quote.data) return <Text c="dimmed">Loading the price…</Text>;
  const stale = settled !== request || quote.isPlaceholderData;
  return (
    <Text fw={700} data-testid="order-price" c={stale ? 'dimmed' : undefined} aria-busy={stale}>
      {formatVnd(quote.data.vnd)} · {formatUsd(quote.data.usd)}
    </Text>
  );
}

function Price({
  accountSid,
  items,
  isAdmin,
}: {
  accountSid: string | null;
  items: WeighedItem[];
  isAdmin: boolean;
}) {
  if (isAdmin && !accountSid) return <Text c="dimmed">{CHOOSE_ACCOUNT_NOTE}</Text>;
  if (items.some((item) => item.quantity < 1)) return <Text c="dimmed">{QUANTITY_NOTE}</Text>;
  const request: OrderQuoteInput = { items, ...(isAdmin && accountSid ? { account_sid: accountSid } : {}) };
  return <QuotedPrice request={JSON.stringify(request)} />;
}

interface OrderCostPreviewProps {
  isAdmin: boolean;
}

/**
 * What the order will weigh and cost, updated as the items are typed: the chargeable weight (spec §5) at once,
 * the price from the server's quote, so the figure is the one the account will be charged.
 */
export function OrderCostPreview({ isAdmin }: OrderCostPreviewProps) {
  const items = useWatch<OrderFormValues, 'items'>({ name: 'items' }).map(weighedItem);
  const accountSid = useWatch<OrderFormValues, 'account_sid'>({ name: 'account_sid' });
  return (
    <Paper withBorder p="md" aria-live="polite" aria-label="Chargeable weight and price">
      <Stack gap={4}>
        <Group gap="xs">
          <Text>Chargeable weight:</Text>
          <Text fw={700} data-testid="chargeable-weight">
            {formatKg(chargeableWeight(items))} KG
          </Text>
        </Group>
        <Group gap="xs" align="baseline">
          <Text>Price:</Text>
          <Price accountSid={accountSid} items={items} isAdmin={isAdmin} />
        </Group>
      </Stack>
    </Paper>
  );
}
