/**
 * The screen width Mantine's media-query hooks see (through matchMedia, which jsdom lacks): a desktop by default
 * (setup.ts), a 390 px phone where a test asks, on which every max-width query matches.
 */
import { vi } from 'vitest';

/** A desktop's answer to `query`: nothing matches. */
export const desktopMediaQuery = (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

/** The width the rest of this test renders at (undone by `vi.unstubAllGlobals()`). */
export function screenOf(width: 'phone' | 'desktop') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...desktopMediaQuery(query),
    matches: width === 'phone' && query.includes('max-width'),
  }));
}
