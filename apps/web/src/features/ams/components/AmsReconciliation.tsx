import { Button, Group, Stack, Text } from '@mantine/core';
import type { ManifestFinding, Order, Reconciliation } from '@parcelops/shared';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderItemEditDialog } from '../../order-detail/index.ts';
import { amsKeys } from '../api.ts';
import { AmsFindingsTable } from './AmsFindingsTable.tsx';

/**
 * What an item fix changes on its manifest: the reconciliation and the parcel list are fetched again, so a fixed
 * problem disappears.
 */
function useItemFixed() {
  const client = useQueryClient();
  return async (order: Order) => {
    if (!order.ams_sid) return;
    await Promise.all([
      client.invalidateQueries({ queryKey: amsKeys.reconciliation(order.ams_sid) }),
      client.invalidateQueries({ queryKey: amsKeys.orders(order.ams_sid) }),
    ]);
  };
}

/**
 * The check before filing (product decisions, Air manifests): how many problems stop the filing and how many
 * warnings only the broker's entry needs, then the problems, each leading to its order, and the warnings folded
 * away (an AMS may have one per parcel). A finding about an item has a Fix that corrects it right here (issue 28).
 */
export function AmsReconciliation({
  reconciliation,
  canFix = true,
}: {
  reconciliation: Reconciliation;
  /** While the manifest may change: each finding about an item gets a Fix opening the item's correction. */
  canFix?: boolean;
}) {
  const { t } = useTranslation('ams');
  const [fixing, setFixing] = useState<ManifestFinding | null>(null);
  const itemFixed = useItemFixed();
  const onFix = canFix ? setFixing : undefined;
  const [showWarnings, setShowWarnings] = useState(false);
  const warningsId = useId();
  const { problems, warnings } = reconciliation;
  const Icon = problems.length > 0 ? IconAlertTriangle : IconCircleCheck;
  return (
    <Stack gap="sm">
      <Group gap="lg" wrap="wrap">
        {/* Mantine's green-9 gives 4.36:1 on white; the status badges' green 6.0:1 (WCAG AA 4.5:1). */}
        <Group gap={6} wrap="nowrap" c={problems.length > 0 ? 'red.9' : '#1e6b30'}>
          <Icon size={18} aria-hidden />
          <Text fw={700} data-testid="ams-problems-count">
            {t('filing.problems', { count: problems.length })}
          </Text>
        </Group>
        <Text fw={600} c="gray.8" data-testid="ams-warnings-count">
          {t('filing.warnings', { count: warnings.length })}
        </Text>
      </Group>
      {problems.length > 0 ? (
        <AmsFindingsTable findings={problems} label={t('filing.problemsTable')} onFix={onFix} />
      ) : null}
      {warnings.length > 0 ? (
        <div>
          <Button
            variant="subtle"
            size="compact-sm"
            px={0}
            onClick={() => setShowWarnings((shown) => !shown)}
            aria-expanded={showWarnings}
            aria-controls={warningsId}
            rightSection={showWarnings ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          >
            {showWarnings ? t('filing.hideWarnings') : t('filing.showWarnings')}
          </Button>
          <div id={warningsId}>
            {showWarnings ? (
              <Stack gap="xs" mt="xs">
                <Text size="sm" c="gray.7">
                  {t('filing.warningsHint')}
                </Text>
                <AmsFindingsTable findings={warnings} label={t('filing.warningsTable')} onFix={onFix} />
              </Stack>
            ) : null}
          </div>
        </div>
      ) : null}
      {fixing?.item_sid ? (
        <OrderItemEditDialog
          orderSid={fixing.order_sid}
          itemSid={fixing.item_sid}
          field={fixing.field}
          opened
          onClose={() => setFixing(null)}
          onSaved={itemFixed}
        />
      ) : null}
    </Stack>
  );
}
