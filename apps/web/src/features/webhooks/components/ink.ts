/**
 * Dark ink for small labels on Mantine's light tints (and outlines on white), so they keep WCAG AA contrast:
 * Mantine's own green and yellow text are too pale there. The green and red are the order status badge's.
 */
export const INK = {
  blue: 'var(--mantine-color-blue-9)',
  yellow: '#6b4400',
  green: '#1e6b30',
  red: 'var(--mantine-color-red-9)',
} as const;

export type InkColor = keyof typeof INK;
