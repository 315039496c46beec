/**
 * The texts that load on demand (issue 31 item 8): the server's catalogue and the signed-in pages' namespaces
 * are not in the first download, arrive when asked for, and what shows meanwhile is right. Each test takes a
 * fresh copy of the modules, as a first visit has them: the test setup loads everything for the other files.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshModules() {
  vi.resetModules();
  const serverTexts = await import('./server-texts.ts');
  const i18n = await import('./i18n.ts');
  await i18n.i18nReady;
  return { serverTexts, ...i18n };
}

afterEach(() => {
  localStorage.clear();
});

describe("the server's catalogue", () => {
  it('is not here at first: a text answers nothing (the English beside it shows), then its words', async () => {
    const { serverTexts } = await freshModules();
    const refused = { key: 'vendors.inUse', params: { name: 'MUL', count: 3 } };
    expect(serverTexts.serverTextsLoaded()).toBe(false);
    expect(serverTexts.renderText(refused, 'vi')).toBeUndefined();
    // Asking started the load.
    await serverTexts.loadServerTexts();
    expect(serverTexts.renderText(refused, 'vi')).toBe(
      'Nhà cung cấp MUL đang được 3 tài khoản sử dụng nên không thể xóa.',
    );
    expect(serverTexts.renderText({ key: 'future.refusal' }, 'en')).toBeUndefined();
  });

  it('comes with Vietnamese, before a screen shows in it', async () => {
    const { serverTexts, changeLanguage } = await freshModules();
    await changeLanguage('vi');
    expect(serverTexts.serverTextsLoaded()).toBe(true);
  });

  it('comes with the signed-in texts', async () => {
    const { serverTexts, loadTexts } = await freshModules();
    await loadTexts('signedIn');
    expect(serverTexts.serverTextsLoaded()).toBe(true);
  });

  it('renders a hook user again when it arrives', async () => {
    const { serverTexts } = await freshModules();
    const { useHubName } = await import('../lib/server-text.ts');
    const { result } = renderHook(() => useHubName());
    // Meanwhile the hub's code stands for its city; asking starts the load.
    expect(['SGN (SGN)', 'Sai Gon (SGN)']).toContain(result.current('SGN'));
    await serverTexts.loadServerTexts();
    await waitFor(() => expect(result.current('SGN')).toBe('Sai Gon (SGN)'));
  });
});

describe("the screens' texts", () => {
  it("hold only the sign-in page's namespaces at first, in English", async () => {
    const { i18n } = await freshModules();
    expect(i18n.t('auth:signIn.title')).toBe('Sign in');
    expect(i18n.hasResourceBundle('en', 'tracking')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'orders')).toBe(false);
  });

  it("bring the index and tracking pages' namespaces with them", async () => {
    const { i18n, loadTexts } = await freshModules();
    await loadTexts('public');
    expect(i18n.t('tracking:title')).toBe('Tracking Details');
    expect(i18n.hasResourceBundle('en', 'dashboard')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'orders')).toBe(false);
  });

  it("bring the signed-in pages' namespaces when asked, in the language shown", async () => {
    const { i18n, loadTexts } = await freshModules();
    await loadTexts('signedIn');
    expect(i18n.hasResourceBundle('en', 'orders')).toBe(true);
    expect(i18n.hasResourceBundle('vi', 'orders')).toBe(false);
  });

  it('load the public part only of a language chosen on a public page', async () => {
    const { i18n, changeLanguage } = await freshModules();
    await changeLanguage('vi');
    expect(i18n.t('auth:signIn.title')).toBe('Đăng nhập');
    expect(i18n.hasResourceBundle('vi', 'orders')).toBe(false);
    expect(document.documentElement.lang).toBe('vi');
  });

  it('load every part wanted so far for a language chosen later, before it shows', async () => {
    const { i18n, changeLanguage, loadTexts } = await freshModules();
    await loadTexts('signedIn');
    await changeLanguage('vi');
    expect(i18n.language).toBe('vi');
    expect(i18n.hasResourceBundle('vi', 'orders')).toBe(true);
    await changeLanguage('en');
  });

  it('come in the remembered language at the start', async () => {
    localStorage.setItem('parcelops.language', 'vi');
    const { i18n, loadTexts } = await freshModules();
    expect(i18n.language).toBe('vi');
    await loadTexts('signedIn');
    expect(i18n.hasResourceBundle('vi', 'orders')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'orders')).toBe(false);
  });
});
