import { Alert, Anchor, Flex, Stack, Text } from '@mantine/core';
import type { OrderImportResult } from '@parcelops/shared';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Formatters, useFormat } from '../../../i18n/format.ts';
import { failedRowCount, type ImportOutcome, importOutcome } from '../import-result.ts';

const LOOK: Record<ImportOutcome, { color: string; icon: typeof IconCircleCheck }> = {
  success: { color: 'green', icon: IconCircleCheck },
  warning: { color: 'orange', icon: IconAlertTriangle },
  error: { color: 'red', icon: IconCircleX },
};

/** "5 orders imported", "3 orders imported, 1 order not imported" or "None of the 9 orders was imported". */
export function importHeadline(
  result: Pick<OrderImportResult, 'imported' | 'failedOrders'>,
  t: TFunction<'orderImport'>,
  format: Pick<Formatters, 'number'>,
): string {
  const imported = t('importedCount', { count: result.imported, formatted: format.number(result.imported) });
  const failed = result.failedOrders.length;
  switch (importOutcome(result)) {
    case 'success':
      return imported;
    case 'warning':
      return t('partly', {
        imported,
        notImported: t('notImportedCount', { count: failed, formatted: format.number(failed) }),
      });
    case 'error':
      return t('noneImported', { count: failed, formatted: format.number(failed) });
  }
}

/**
 * What the import did, in its colour: how many orders were placed and how many were not (and the rows to fix),
 * with a link to the placed orders in the orders list.
 */
export function ImportSummary({
  result,
  placedHref,
}: {
  result: OrderImportResult;
  placedHref: string | null;
}) {
  const { t } = useTranslation('orderImport');
  const format = useFormat();
  const outcome = importOutcome(result);
  const { color, icon: Icon } = LOOK[outcome];
  const failed = result.failedOrders.length;
  const rows = failedRowCount(result.failedOrders);
  return (
    <Alert
      color={color}
      icon={<Icon size={20} aria-hidden />}
      title={importHeadline(result, t, format)}
      role="status"
      // The light variants' own title colours are too faint on their backgrounds (contrast): the icon and the
      // background carry the colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap={6}>
        <Flex wrap="wrap" columnGap="lg" rowGap={2}>
          <Text size="sm">
            {t('placedLabel')}:{' '}
            <Text span fw={600} size="sm">
              {t('ordersCount', { count: result.imported, formatted: format.number(result.imported) })}
            </Text>
          </Text>
          {failed > 0 ? (
            <Text size="sm">
              {t('failedLabel')}:{' '}
              <Text span fw={600} size="sm">
                {t('ordersCount', { count: failed, formatted: format.number(failed) })}
              </Text>{' '}
              ({t('rowsCount', { count: rows, formatted: format.number(rows) })})
            </Text>
          ) : null}
        </Flex>
        {placedHref ? (
          <Anchor component={Link} to={placedHref} size="sm" fw={600}>
            {t('viewPlaced', { count: result.imported, formatted: format.number(result.imported) })}
          </Anchor>
        ) : null}
        {failed > 0 ? <Text size="sm">{t('fixHint')}</Text> : null}
      </Stack>
    </Alert>
  );
}
