import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

interface CountsPanelProps {
  /** Names the section, so a screen reader says what the numbers count. */
  label: string;
  testId: string;
  children: ReactNode;
}

/** The framed, named section of running counts a scanning screen keeps beside its table (hub scan, AMS scan). */
export function CountsPanel({ label, testId, children }: CountsPanelProps) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={label} data-testid={testId}>
      {children}
    </Paper>
  );
}
