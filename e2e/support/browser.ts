/// <reference lib="dom" />
/**
 * Reads of the browser's own state (storage, clipboard), run inside the page. The DOM types are needed only
 * for these callbacks, which run in the browser, not in Node.
 */
import type { Page } from '@playwright/test';

/** Spec §4: the session token lives in local storage under one fixed key. */
export const TOKEN_KEY = 'parcelops.token';

export const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

export const localStorageLength = (page: Page) => page.evaluate(() => localStorage.length);

export const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
