import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';

interface PageHeaderProps {
  title: string;
  /** Buttons or links shown on the right, e.g. "Add". */
  actions?: ReactNode;
}

/** A page's one h1, which also names the browser tab. */
export function PageHeader({ title, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
