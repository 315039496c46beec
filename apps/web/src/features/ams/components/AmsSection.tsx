import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface AmsSectionProps {
  title: string;
  children: ReactNode;
  /** An anchor other parts of the page link to (the Submit step links to the waiting list). */
  id?: string;
}

/** One block of the AMS view (statistics, carton labels, bulk delete, orders): a titled, named region. */
export function AmsSection({ title, children, id }: AmsSectionProps) {
  const titleId = useId();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      id={id}
      // Focusable by script only, so a link to it moves a keyboard user there.
      tabIndex={id ? -1 : undefined}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
