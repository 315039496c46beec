import { Code, ScrollArea } from '@mantine/core';

interface CodeBoxProps {
  /** Names the box for assistive technology; unique on the page (a box per attempt). */
  label: string;
  children: string;
}

/**
 * Text as the machines exchanged it (a body sent, a receiver's answer): monospace, wrapped, and scrolling
 * within a few lines. A scrolling box must take focus, or keyboard users cannot scroll it.
 */
export function CodeBox({ label, children }: CodeBoxProps) {
  return (
    <ScrollArea.Autosize
      mah={200}
      type="auto"
      viewportProps={{ tabIndex: 0, role: 'group', 'aria-label': label }}
    >
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Code>
    </ScrollArea.Autosize>
  );
}
