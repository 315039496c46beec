import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled figure of a batch: the label above, the value below. */
export function BatchFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
