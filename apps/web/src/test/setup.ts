/**
 * Runs before every web test file: jest-dom matchers, the browser APIs Mantine reads that jsdom lacks (and the
 * IndexedDB the scan stations queue in), and a clean slate after each test (DOM, toasts, both storages, since
 * the session lives there, and IndexedDB).
 */
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeAll, vi } from 'vitest';
import { preloadPages } from '../app/routes/lazy-page.tsx';
import { desktopMediaQuery } from './screen.ts';

// findBy and waitFor give up after 1 s by default. A page that loads its code and data lazily can take longer
// than that on a machine whose cores are busy with other work (a CI run beside a burner failed two tests so):
// 5 s, still far inside each test's 20 s.
configure({ asyncUtilTimeout: 5_000 });

// Mantine's color-scheme and media-query hooks subscribe to matchMedia; jsdom has none.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: desktopMediaQuery,
});

// ScrollArea, Table and floating elements measure themselves through ResizeObserver.
class NoopResizeObserver implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = NoopResizeObserver;

// Combobox options scroll the active item into view.
window.HTMLElement.prototype.scrollIntoView = () => {};

// jsdom's getComputedStyle throws on the pseudo-element argument some Mantine components pass.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// Pages load lazily (app/routes/lazy-page.tsx); loading them first lets a test see a screen right after
// rendering it. Only the pages of a test file that imports AppRoutes are registered, so others pay nothing.
beforeAll(() => preloadPages());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  // A new, empty IndexedDB: the stations open theirs from the global factory each time they mount.
  globalThis.indexedDB = new IDBFactory();
});
