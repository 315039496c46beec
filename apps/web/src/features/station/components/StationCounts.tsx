import { Group, SimpleGrid, Text } from '@mantine/core';
import { CountsPanel } from '../../../components/CountsPanel.tsx';
import { useFormat } from '../../../i18n/format.ts';

export interface StationCounter {
  label: string;
  value: number;
  testId: string;
  /** The counter's ink on a light ground, in its banner colour (dark enough to read). */
  color: string;
}

/** A station session's counts in large figures, each in its banner colour, named for screen readers. */
export function StationCounts({
  label,
  counters,
  testId,
}: {
  label: string;
  counters: readonly StationCounter[];
  testId: string;
}) {
  const format = useFormat();
  return (
    <CountsPanel label={label} testId={testId}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text fw={600}>{label}</Text>
        <SimpleGrid cols={counters.length} spacing="lg" style={{ flexGrow: 1, maxWidth: 520 }}>
          {counters.map((counter) => (
            <div key={counter.testId}>
              <Text fz={32} fw={800} lh={1.1} c={counter.color} data-testid={counter.testId}>
                {format.number(counter.value)}
              </Text>
              <Text size="sm" fw={600}>
                {counter.label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Group>
    </CountsPanel>
  );
}
