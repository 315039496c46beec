import { Button, Group, Stack, Text } from '@mantine/core';
import type { Reconciliation } from '@parcelops/shared';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconCircleCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmsFindingsTable } from './AmsFindingsTable.tsx';

/**
 * The check before filing (product decisions, Air manifests): how many problems stop the filing and how many
 * warnings only the broker's entry needs, then the problems, each leading to its order, and the warnings folded
 * away (an AMS may have one per parcel).
 */
export function AmsReconciliation({ reconciliation }: { reconciliation: Reconciliation }) {
  const { t } = useTranslation('ams');
  const [showWarnings, setShowWarnings] = useState(false);
  const warningsId = useId();
  const { problems, warnings } = reconciliation;
  const Icon = problems.length > 0 ? IconAlertTriangle : IconCircleCheck;
  return (
    <Stack gap="sm">
      <Group gap="lg" wrap="wrap">
        <Group gap={6} wrap="nowrap" c={problems.length > 0 ? 'red.9' : 'green.9'}>
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
        <AmsFindingsTable findings={problems} label={t('filing.problemsTable')} />
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
                <AmsFindingsTable findings={warnings} label={t('filing.warningsTable')} />
              </Stack>
            ) : null}
          </div>
        </div>
      ) : null}
    </Stack>
  );
}
