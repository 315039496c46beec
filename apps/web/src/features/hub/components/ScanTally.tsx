import { Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountsPanel } from '../../../components/CountsPanel.tsx';
import { useFormat } from '../../../i18n/format.ts';
import type { ScanTallies } from '../hooks/use-scan-session.ts';
import type { TallyKey } from '../scan-verdict.ts';

/** The counter's ink on a light ground, each with its banner colour: green, amber (dark enough to read), red. */
const COUNTERS: { key: TallyKey; testId: string; color: string }[] = [
  { key: 'received', testId: 'scan-count-received', color: '#1e6b30' },
  { key: 'alreadyIn', testId: 'scan-count-already', color: '#8a5300' },
  { key: 'refused', testId: 'scan-count-refused', color: 'red.9' },
];

/** This session's scans so far, by banner colour: received now, already in, refused. Reset by Clear. */
export function ScanTally({ tally }: { tally: ScanTallies }) {
  const { t } = useTranslation('scan');
  const format = useFormat();
  return (
    <CountsPanel label={t('tally.label')} testId="scan-tally">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text fw={600}>{t('tally.label')}</Text>
        <SimpleGrid cols={3} spacing="lg" style={{ flexGrow: 1, maxWidth: 520 }}>
          {COUNTERS.map(({ key, testId, color }) => (
            <div key={key}>
              <Text fz={32} fw={800} lh={1.1} c={color} data-testid={testId}>
                {format.number(tally[key])}
              </Text>
              <Text size="sm" fw={600}>
                {t(`tally.${key}`)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Group>
    </CountsPanel>
  );
}
