import { hubText } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { expectBarcodeNotFound } from '../../../test/expected-replies.ts';
import { createOrder, createSellerAccount } from '../../../test/order-fixtures.ts';
import { openTestApp } from '../../../test/test-app.ts';
import { receivedAt } from '../hub/scan.service.ts';
import { recordStatusChange, SYSTEM } from '../orders/status-change.ts';
import { TRACKING_MAX_PER_MINUTE } from './tracking.routes.ts';

const { t, admin } = await openTestApp();
const { seller } = await createSellerAccount(t, admin);
const order = await createOrder(t, seller, { name: 'Secret Customer' });
await t.database.db.transaction(async (tx) => {
  await recordStatusChange(tx, order, 1, receivedAt('SGN'), hubText('SGN'), {
    by: SYSTEM,
    notify: t.app.services.hookEvents,
    path: 'scan',
    eventTime: new Date(Date.now() + 60_000),
  });
});
/** Calls made so far from the test address, which all count toward the rate limit. */
let calls = 0;

const track = (filter?: string) => {
  calls++;
  return t.call('GET', '/tracking', { query: filter === undefined ? {} : { filter } });
};

describe('GET /tracking', () => {
  it("gives anyone the parcel's events, oldest first, and nothing else", async () => {
    const response = await track(order.barcode);
    expect(response.statusCode).toBe(200);
    const events = response.json();
    expect(events).toEqual([
      {
        description: 'Order created',
        description_text: { key: 'orders.event.created' },
        location: 'Ho Chi Minh City',
        location_text: null,
        eventTime: expect.any(String),
        status: 0,
      },
      {
        description: 'Received at SGN hub',
        description_text: { key: 'hub.event.received', params: { hub: 'SGN' } },
        location: 'Sai Gon',
        location_text: { key: 'hub.city.SGN' },
        eventTime: expect.any(String),
        status: 1,
      },
    ]);
    expect(new Date(events[0].eventTime).getTime()).toBeLessThan(new Date(events[1].eventTime).getTime());
    expect(response.body).not.toContain('Secret Customer');
    expect(response.body).not.toContain(order.orderNumber);
  });

  it('finds a barcode typed in lower case or with spaces around it', async () => {
    expect((await track(`  ${order.barcode.toLowerCase()} `)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown barcode', async () => {
    expectBarcodeNotFound(await track('PO0000000000'), 'PO0000000000', {
      key: 'tracking.notFound',
      msg: 'No parcel found with barcode PO0000000000',
    });
  });

  it('answers 400 without a barcode', async () => {
    for (const filter of [undefined, '', '   ']) {
      const response = await track(filter);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ msg: 'Barcode is required', code: 'VALIDATION_FAILED' });
    }
  });

  it('limits lookups per address', async () => {
    while (calls < TRACKING_MAX_PER_MINUTE) expect((await track(order.barcode)).statusCode).toBe(200);
    const limited = await track(order.barcode);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', key: 'tracking.tooMany' });
    expect(limited.json().msg).toMatch(/^Too many tracking lookups\. Please try again in \d+ seconds\.$/);
  });
});
