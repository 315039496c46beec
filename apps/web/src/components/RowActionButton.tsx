import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

interface RowActionButtonProps {
  /** The accessible name, naming the row it acts on ("Edit item SKU-1"), as its short text cannot. */
  label: string;
  onClick: () => void;
  children: ReactNode;
}

/** A small light button in a table row (Edit, Fix), named after its row so a screen reader tells them apart. */
export function RowActionButton({ label, onClick, children }: RowActionButtonProps) {
  return (
    <Button size="compact-sm" variant="light" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}
