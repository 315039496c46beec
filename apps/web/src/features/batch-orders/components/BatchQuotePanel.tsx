import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type BatchQuote, quoteShortfall } from '@parcelops/shared';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { BatchFact as Fact } from './BatchFact.tsx';

interface BatchQuotePanelProps {
  quote: BatchQuote;
  onPlace: () => void;
  /** The run call is on its way. */
  placing: boolean;
}

/**
 * A checked batch ("Check only"): every row is good; what placing it would make and cost against the balance
 * the check saw, and "Place orders", which places it from the stored file. Nothing is placed or charged before.
 */
export function BatchQuotePanel({ quote, onPlace, placing }: BatchQuotePanelProps) {
  const { t } = useTranslation('batchOrders');
  const format = useFormat();
  const unit = quote.unit ?? 'VND';
  const short = quoteShortfall(quote);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="batch-quote-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="batch-quote-title">
          {t('quote.title')}
        </Title>
        <Text size="sm">{t('quote.nothingYet')}</Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label={t('quote.orders')}>{format.number(quote.orders)}</Fact>
          <Fact label={t('quote.cost')}>{format.money(quote.cost, unit)}</Fact>
          <Fact label={t('quote.balance')}>
            {quote.balance === null ? t('quote.notOnCredit') : format.money(quote.balance, unit)}
          </Fact>
          <Fact label={t('quote.shortfall')}>
            <Text span size="sm" fw={500} c={short > 0 ? 'var(--mantine-color-error)' : undefined}>
              {short > 0 ? format.money(short, unit) : t('quote.noShortfall')}
            </Text>
          </Fact>
        </SimpleGrid>
        <Group gap="sm">
          <Button onClick={onPlace} loading={placing} leftSection={<IconPlayerPlay size={16} aria-hidden />}>
            {t('quote.place')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
