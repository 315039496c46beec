import type { MantineColor } from '@mantine/core';

/** One colour per status in the stacked bars: failures red, delivered green, the steps between cool tones. */
const COLORS: Record<number, MantineColor> = {
  0: 'gray.6',
  1: 'cyan.7',
  2: 'yellow.6',
  3: 'indigo.6',
  4: 'green.7',
  5: 'red.7',
  10: 'pink.8',
};

export const statusColor = (status: number): MantineColor => COLORS[status] ?? 'dark.4';
