import { type MantineSpacing, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { RequiredNote } from './RequiredNote.tsx';

interface FormFrameProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  gap?: MantineSpacing;
  maw?: number;
}

/**
 * A form's frame (spec §2 Generic elements): the note on required fields first, then the fields, stacked. The
 * browser's own validation is off: the shared schema's messages show under the fields instead.
 */
export function FormFrame({ onSubmit, children, gap = 'md', maw }: FormFrameProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={gap} maw={maw}>
        <RequiredNote />
        {children}
      </Stack>
    </form>
  );
}
