import { Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { chargeableWeight, type OrderQuoteInput } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { orderQuoteQuery } from '../../orders/index.ts';
import { type OrderFormValues, type OrderItemFormValues, weighedItem } from '../order-form-values.ts';

/** Typing pauses this long before the price is asked for again. */
export const QUOTE_DEBOUNCE_MS = 300;

/** The server's price for the items as typed, asked for once typing pauses. */
function QuotedPrice({ request }: { request: string }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  // Debounced as text: equal requests are equal strings, so a re-render never restarts the wait.
  const [settled] = useDebouncedValue(request, QUOTE_DEBOUNCE_MS);
  const quote = useQuery({
    ...orderQuoteQuery(JSON.parse(settled) as OrderQuoteInput),
    placeholderData: keepPreviousData,
  });
  if (quote.error) {
    // An order of 0 g has no price (issue 21): said as a hint while the items are still being typed.
    const zero = quote.error instanceof ApiError && quote.error.text?.key === 'orderWeight.zero';
    return <Text c={zero ? 'dimmed' : 'red.9'}>{errorMessage(quote.error)}</Text>;
  }
  if (!quote.data) return <Text c="dimmed">{t('preview.loadingPrice')}</Text>;
  const stale = settled !== request || quote.isPlaceholderData;
  return (
    <Text fw={700} data-testid="order-price" c={stale ? 'dimmed' : undefined} aria-busy={stale}>
      {format.money(quote.data.vnd, 'VND')} · {format.money(quote.data.usd, 'USD')}
    </Text>
  );
}

/**
 * An item as the quote takes it: its measures as typed and, when given, its SKU, so the server weighs an item
 * left at 0 from the SKU's declaration exactly as it will when the order is placed.
 */
function quoteItem(item: OrderItemFormValues): OrderQuoteInput['items'][number] {
  const sku = item.skuNumber.trim();
  return { ...weighedItem(item), ...(sku !== '' && { skuNumber: sku }) };
}

function Price({
  accountSid,
  items,
  isAdmin,
}: {
  accountSid: string | null;
  items: OrderItemFormValues[];
  isAdmin: boolean;
}) {
  const { t } = useTranslation('order');
  if (isAdmin && !accountSid) return <Text c="dimmed">{t('preview.chooseAccount')}</Text>;
  const quoted = items.map(quoteItem);
  if (quoted.some((item) => item.quantity < 1)) return <Text c="dimmed">{t('preview.quantityNote')}</Text>;
  // Nothing weighs anything and no SKU's declaration could: no need to ask the server that 0 g has no price.
  if (chargeableWeight(quoted) === 0 && quoted.every((item) => !item.skuNumber))
    return <Text c="dimmed">{t('preview.weightNote')}</Text>;
  const request: OrderQuoteInput = {
    items: quoted,
    ...(isAdmin && accountSid ? { account_sid: accountSid } : {}),
  };
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
  const { t } = useTranslation('order');
  const format = useFormat();
  const items = useWatch<OrderFormValues, 'items'>({ name: 'items' });
  const accountSid = useWatch<OrderFormValues, 'account_sid'>({ name: 'account_sid' });
  return (
    <Paper withBorder p="md" aria-live="polite" aria-label={t('preview.label')}>
      <Stack gap={4}>
        <Group gap="xs">
          <Text>{t('preview.chargeableWeight')}</Text>
          <Text fw={700} data-testid="chargeable-weight">
            {format.kilograms(chargeableWeight(items.map(weighedItem)))}
          </Text>
        </Group>
        <Group gap="xs" align="baseline">
          <Text>{t('preview.price')}</Text>
          <Price accountSid={accountSid} items={items} isAdmin={isAdmin} />
        </Group>
      </Stack>
    </Paper>
  );
}
