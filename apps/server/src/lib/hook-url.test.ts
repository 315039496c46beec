/**
 * Order status hooks may not reach private, loopback or special networks (product decisions, Tracking and
 * notifications), whether the address is written out, hidden in an IPv6 form, or behind a name.
 */
import type { Text } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ADDRESS } from '../../test/fake-dns.ts';
import { createSellerAccount } from '../../test/order-fixtures.ts';
import { openTestApp } from '../../test/test-app.ts';
import { assertPublicHook, type HostResolver, isSpecialAddress } from './hook-url.ts';

const PRIVATE = 'Order status hook may not point to a private or local network address.';

const { t, admin } = await openTestApp();
const { account, seller } = await createSellerAccount(t, admin);

const setHook = (hook: string, token = seller) =>
  t.call('PUT', `/accounts/${account.sid}`, { token, body: { order_status_hook: hook } });

const PRIVATE_TEXT = { key: 'accounts.hookPrivate' };

async function expectRefused(hook: string, message = PRIVATE, words: Text = PRIVATE_TEXT) {
  const response = await setHook(hook);
  expect(response.statusCode, `${hook}: ${response.body}`).toBe(400);
  expect(response.json()).toEqual({
    msg: message,
    code: 'VALIDATION_FAILED',
    ...words,
    details: [{ path: 'order_status_hook', message, ...words }],
  });
}

describe('PUT /accounts/{id} with an order_status_hook', () => {
  it('refuses IPv6 forms that carry a private IPv4 address', async () => {
    for (const hook of [
      'http://[::127.0.0.1]/hook', // IPv4-compatible
      'http://[::7f00:1]/hook',
      'http://[::ffff:7f00:1]/hook', // IPv4-mapped, in hex
      'http://[::ffff:a9fe:a9fe]/latest/meta-data', // 169.254.169.254
      'http://[::ffff:0:10.0.0.1]/hook', // IPv4-translated
      'http://[64:ff9b::7f00:1]/hook', // NAT64
      'http://[64:ff9b::192.168.0.1]/hook',
      'http://[64:ff9b:1::a00:1]/hook', // local-use NAT64
      'http://[2002:7f00:1::1]/hook', // 6to4 around 127.0.0.1
      'http://[2002:c0a8:101::]/hook', // 6to4 around 192.168.1.1
    ])
      await expectRefused(hook);
  });

  it('refuses other special ranges and spellings of loopback', async () => {
    for (const hook of [
      'http://localhost./hook',
      'http://LOCALHOST:3000/hook',
      'http://app.localhost/hook',
      'http://printer.local/hook',
      'http://router.home.arpa/hook',
      'http://127.0.0.1./hook',
      'http://0x7f.1/hook',
      'http://2130706433/hook',
      'http://0.0.0.0/hook',
      'http://198.18.0.1/hook', // benchmarking
      'http://224.0.0.1/hook', // multicast
      'http://255.255.255.255/hook',
      'http://[ff02::1]/hook',
      'http://[fd12:3456::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::]/hook',
      'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook', // Teredo
    ])
      await expectRefused(hook);
  });

  it('refuses a name that resolves to a private address, also when only one of its addresses does', async () => {
    // The test resolver (test/fake-dns.ts) answers as the real DNS does for localtest.me: 127.0.0.1.
    for (const hook of [
      'http://localtest.me/hook',
      'https://hooks.localtest.me:8443/hook',
      'https://split.example.com/hook',
      'https://mapped-loopback.example.com/hook',
      'http://metadata.example.com/latest',
    ])
      await expectRefused(hook);
  });

  it('refuses a name that does not resolve, saying so', async () => {
    await expectRefused(
      'https://no-such-host.invalid/hook',
      "Order status hook's host no-such-host.invalid could not be found; check the address.",
      { key: 'accounts.hookHostUnknown', params: { host: 'no-such-host.invalid' } },
    );
  });

  it('accepts public addresses and names, and keeps the hook as given', async () => {
    for (const hook of [
      'https://shop.example.com/parcel-events',
      'https://ipv6.example.com/hook',
      `http://${PUBLIC_ADDRESS}/hook`,
      'https://[2606:4700:4700::1111]/hook',
      'https://[::ffff:8.8.8.8]/hook',
      'https://[64:ff9b::808:808]/hook',
    ]) {
      const response = await setHook(hook);
      expect(response.statusCode, `${hook}: ${response.body}`).toBe(200);
      expect(response.json().order_status_hook).toBe(hook);
    }
  });

  it('checks the hook of a new account too', async () => {
    const vendor = await t.createVendor(admin);
    const response = await t.call('POST', '/accounts', {
      token: admin,
      body: {
        name: 'Hooked seller',
        email: 'hooked@example.com',
        vendor_sid: vendor.sid,
        order_status_hook: 'http://[::127.0.0.1]/hook',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'order_status_hook', message: PRIVATE, ...PRIVATE_TEXT },
    ]);
  });
});

describe('assertPublicHook', () => {
  const answering =
    (addresses: string[]): HostResolver =>
    async () =>
      addresses;

  it('resolves names with the resolver given, refusing any private answer', async () => {
    await expect(
      assertPublicHook('http://rebind.test/h', { resolve: answering(['127.0.0.1']) }),
    ).rejects.toMatchObject({
      status: 400,
      details: [{ path: 'order_status_hook', message: PRIVATE, ...PRIVATE_TEXT }],
    });
    await expect(
      assertPublicHook('http://v6.test/h', { resolve: answering(['2606:4700::1', 'fe80::1%eth0']) }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      assertPublicHook('http://ok.test/h', { resolve: answering([PUBLIC_ADDRESS]) }),
    ).resolves.toBeUndefined();
  });

  it('refuses a name that resolves to nothing, fails or takes too long', async () => {
    const failing: HostResolver = async () => {
      throw new Error('ENOTFOUND');
    };
    const hanging: HostResolver = () => new Promise(() => {});
    for (const resolve of [answering([]), failing, hanging]) {
      await expect(
        assertPublicHook('http://gone.test/h', { resolve, resolveTimeoutMs: 50 }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('could not be found') });
    }
  });

  it('lets private hooks through when allowed, but never a URL that is not http(s)', async () => {
    const resolve: HostResolver = async () => {
      throw new Error('the resolver is not asked when private hooks are allowed');
    };
    await expect(
      assertPublicHook('http://localtest.me:4000/h', { allowPrivate: true, resolve }),
    ).resolves.toBeUndefined();
    await expect(
      assertPublicHook('http://127.0.0.1:4000/h', { allowPrivate: true }),
    ).resolves.toBeUndefined();
    await expect(assertPublicHook('file:///etc/passwd', { allowPrivate: true })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('accepts no hook at all', async () => {
    await expect(assertPublicHook(null)).resolves.toBeUndefined();
    await expect(assertPublicHook('')).resolves.toBeUndefined();
  });
});

describe('isSpecialAddress', () => {
  it('sees the IPv4 address inside IPv6 forms', () => {
    for (const address of [
      '::127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:0:7f00:1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
    ])
      expect(isSpecialAddress(address), address).toBe(true);
    for (const address of ['::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1'])
      expect(isSpecialAddress(address), address).toBe(false);
  });

  it('knows the special IPv4 and IPv6 ranges', () => {
    for (const address of ['100.64.0.1', '192.0.0.8', '198.19.255.255', '239.1.1.1', '::1', 'fec0::1'])
      expect(isSpecialAddress(address), address).toBe(true);
    for (const address of ['1.1.1.1', '198.20.0.1', '2606:4700:4700::1111'])
      expect(isSpecialAddress(address), address).toBe(false);
  });
});
