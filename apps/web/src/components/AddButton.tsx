import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A list page's "Add …" button, leading to its add form. */
export function AddButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} leftSection={<IconPlus size={16} />}>
      {children}
    </Button>
  );
}
