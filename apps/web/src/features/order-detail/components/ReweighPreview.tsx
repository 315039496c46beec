import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Order } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { accountQuery } from '../../accounts/index.ts';
import { orderQuoteQuery } from '../../orders/index.ts';

/** Typing pauses this long before the new price is asked for. */
export const REWEIGH_QUOTE_DEBOUNCE_MS = 300;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

interface ReweighPreviewProps {
  order: Order;
  /** The weight typed, in whole grams; null while it is not a weight the server would take. */
  grams: number | null;
  /**
   * The new price and the credit difference: for admins. An operator re-weighing at the hub sees the weight;
   * the server prices and settles it on save (and lets operators read neither quotes nor accounts).
   */
  withMoney?: boolean;
}

/**
 * What saving the new weight will do (issue: the re-weigh dialog hid the money): the new chargeable weight, the
 * new price from the server's quote for the order's account (POST /orders/quote, priced as the re-weigh prices
 * it), and, for an account on credit, what will be charged or refunded: the new price less the current one, in
 * the account's credit unit.
 */
export function ReweighPreview({ order, grams, withMoney = true }: ReweighPreviewProps) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const [settled] = useDebouncedValue(grams, REWEIGH_QUOTE_DEBOUNCE_MS);
  const account = useQuery({ ...accountQuery(order.account_sid), enabled: withMoney });
  const quote = useQuery({
    ...orderQuoteQuery({
      account_sid: order.account_sid,
      // One piece of exactly that weight: its chargeable weight is the weight itself.
      items: [{ quantity: 1, itemWeight: settled ?? 0, itemWidth: 0, itemHeight: 0, itemLength: 0 }],
    }),
    enabled: withMoney && settled !== null,
    placeholderData: keepPreviousData,
  });

  if (grams === null) {
    return (
      <Text size="sm" c="gray.7">
        {t('weight.enterWeight')}
      </Text>
    );
  }
  if (!withMoney) {
    return (
      <Paper withBorder p="sm" aria-label={t('weight.preview')} component="section">
        <Figure label={t('weight.newWeight')} value={format.kilograms(grams)} testId="reweigh-weight" />
        <Text size="sm" c="gray.7" mt="xs">
          {t('weight.settledOnSave')}
        </Text>
      </Paper>
    );
  }

  const stale = settled !== grams || quote.isPlaceholderData || quote.isFetching;
  let price = t('weight.loading');
  let difference = t('weight.loading');
  if (quote.error) price = errorMessage(quote.error);
  // While the typed weight has not been priced yet, the last figures would answer another weight.
  if (quote.data && !quote.error && !stale) {
    // The same weight changes nothing on the server, not even a price from a table changed since.
    const same = grams === order.weight;
    const vnd = same ? order.vnd : quote.data.vnd;
    const usd = same ? order.usd : quote.data.usd;
    price = `${format.money(vnd, 'VND')} · ${format.money(usd, 'USD')}`;
    if (account.data) {
      const unit = account.data.credit_unit;
      const change = unit === 'VND' ? vnd - order.vnd : Math.round((usd - order.usd) * 100) / 100;
      if (!account.data.use_credit) difference = t('weight.notOnCredit');
      else if (change > 0) difference = t('weight.charged', { amount: format.money(change, unit) });
      else if (change < 0) difference = t('weight.refunded', { amount: format.money(-change, unit) });
      else difference = t('weight.noDifference');
    }
  }
  if (account.error) difference = errorMessage(account.error);

  return (
    <Paper
      withBorder
      p="sm"
      aria-live="polite"
      aria-busy={stale}
      aria-label={t('weight.preview')}
      component="section"
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label={t('weight.newWeight')} value={format.kilograms(grams)} testId="reweigh-weight" />
        <Figure label={t('weight.newPrice')} value={price} testId="reweigh-price" />
        <Figure label={t('weight.difference')} value={difference} testId="reweigh-difference" />
      </SimpleGrid>
    </Paper>
  );
}
