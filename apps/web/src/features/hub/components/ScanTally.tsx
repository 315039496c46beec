import { useTranslation } from 'react-i18next';
import { StationCounts } from '../../station/index.ts';
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
  return (
    <StationCounts
      label={t('tally.label')}
      testId="scan-tally"
      counters={COUNTERS.map(({ key, testId, color }) => ({
        label: t(`tally.${key}`),
        value: tally[key],
        testId,
        color,
      }))}
    />
  );
}
