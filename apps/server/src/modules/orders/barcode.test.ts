import { describe, expect, it, vi } from 'vitest';
import { createOrder, createSellerAccount, orderBody } from '../../../test/order-fixtures.ts';
import { openTestApp } from '../../../test/test-app.ts';

// The draws are scripted so that collisions, rare in real life, happen on purpose.
const draws = vi.hoisted(() => [] as string[]);
vi.mock('./barcode.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./barcode.ts')>();
  return { ...original, newBarcode: () => draws.shift() ?? original.newBarcode() };
});

const { t, admin } = await openTestApp();
const { seller } = await createSellerAccount(t, admin);

describe('order barcodes', () => {
  it("are 'PO' and ten digits", async () => {
    const { newBarcode: real } = await vi.importActual<typeof import('./barcode.ts')>('./barcode.ts');
    for (let index = 0; index < 100; index++) expect(real()).toMatch(/^PO\d{10}$/);
  });

  it('are drawn again when one is taken', async () => {
    draws.push('PO0000000001');
    expect((await createOrder(t, seller)).barcode).toBe('PO0000000001');
    draws.push('PO0000000001', 'PO0000000001', 'PO0000000002');
    const second = await createOrder(t, seller);
    expect(second.barcode).toBe('PO0000000002');
    expect(second.items).toHaveLength(1);
  });

  it('give up after five collisions with a plain error', async () => {
    draws.push(...Array(5).fill('PO0000000001'));
    const response = await t.call('POST', '/orders', { token: seller, body: orderBody() });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('INTERNAL');
  });
});
