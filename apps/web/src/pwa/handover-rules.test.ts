import { describe, expect, it } from 'vitest';
import { type PendingNavigation, registersServiceWorker, takesNewVersion } from './handover-rules.ts';

const HERE = 'https://ops.example/internal/create-ams?ams=5';

const push = (destination: string, changes: Partial<PendingNavigation> = {}): PendingNavigation => ({
  navigationType: 'push',
  destination,
  hashChange: false,
  downloadRequest: null,
  formData: null,
  cancelable: true,
  ...changes,
});

describe('registersServiceWorker', () => {
  it('registers on the sign-in and signed-in pages, not on the public ones', () => {
    for (const path of ['/login', '/create-password', '/internal', '/internal/scan_orders', '/labels/x']) {
      expect(registersServiceWorker(path, false), path).toBe(true);
    }
    for (const path of ['/', '/tracking', '/tracking/']) {
      expect(registersServiceWorker(path, false), path).toBe(false);
    }
  });

  it('registers wherever a worker already serves the page, so its updates are taken there too', () => {
    expect(registersServiceWorker('/tracking', true)).toBe(true);
  });
});

describe('takesNewVersion', () => {
  it('takes it when the operator moves to another page of the app', () => {
    expect(takesNewVersion(HERE, push('https://ops.example/internal/scan_orders'))).toBe(true);
    expect(takesNewVersion(HERE, push('https://ops.example/login', { navigationType: 'replace' }))).toBe(
      true,
    );
  });

  it('leaves the page alone while it only changes its own address', () => {
    expect(takesNewVersion(HERE, push('https://ops.example/internal/create-ams?ams=6'))).toBe(false);
    expect(
      takesNewVersion(HERE, push('https://ops.example/internal/create-ams?ams=5#c2', { hashChange: true })),
    ).toBe(false);
  });

  it('never holds back, forward, a reload, a download, a form post or what leaves the app', () => {
    const away = 'https://ops.example/internal/orders';
    expect(takesNewVersion(HERE, push(away, { navigationType: 'traverse' }))).toBe(false);
    expect(takesNewVersion(HERE, push(away, { navigationType: 'reload' }))).toBe(false);
    expect(takesNewVersion(HERE, push(away, { cancelable: false }))).toBe(false);
    expect(takesNewVersion(HERE, push(away, { downloadRequest: 'orders.xlsx' }))).toBe(false);
    expect(takesNewVersion(HERE, push(away, { formData: {} }))).toBe(false);
    expect(takesNewVersion(HERE, push('https://ops.example/api/docs'))).toBe(false);
    expect(takesNewVersion(HERE, push('https://elsewhere.example/internal/orders'))).toBe(false);
  });
});
