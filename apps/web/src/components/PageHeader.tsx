import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** Buttons or links shown on the right, e.g. "Add". */
  actions?: ReactNode;
}

export function PageHeader({ title, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap">
      <Title order={2}>{title}</Title>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
