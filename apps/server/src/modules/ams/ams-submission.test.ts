/**
 * Reconciliation and submission of an AMS: problems listed per parcel with what to fix (HS code, vague or
 * long descriptions, customs field lengths, phone), a refusal with every problem while any is left, then a
 * filing job that keeps the manifest workbook, marks the AMS submitted and moves its parcels to Processed with
 * a Departed event; submitting twice is refused; a filing the adapter rejects ends failed, and can be retried.
 */
import { type Ams, OrderStatus } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { amsOrderBody, createTestAms } from '../../../test/ams-fixtures.ts';
import { createOrder, orderItem } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { loadWorkbook } from '../../../test/workbooks.ts';
import { type FilingAdapter, workbookFilingAdapter } from './ams-filing.ts';

/** The broker this file's filings go to: the built-in workbook, unless a test puts another in its place. */
let broker: FilingAdapter | null = null;
const builtIn = workbookFilingAdapter();
const filing: FilingAdapter = { name: 'test broker', file: (manifest) => (broker ?? builtIn).file(manifest) };

const { t, admin, operator, sellerA } = await openTestWorld({
  orderAccounts: true,
  workers: true,
  adapters: { filing },
});
const hs = await t.call('POST', '/hs_codes', {
  token: admin,
  body: { hs_code: '610910', description: 'T-shirts' },
});
expect(hs.statusCode, hs.body).toBe(201);

const createAms = () => createTestAms(t, admin, { namePrefix: 'Filing ' });
async function load(manifest: Ams, overrides: Record<string, unknown> = {}, carton = 'C1') {
  const order = await createOrder(t, sellerA.token, overrides);
  const response = await t.call('POST', '/ams/order', {
    token: operator.token,
    body: amsOrderBody(manifest, order.barcode, carton),
  });
  expect(response.statusCode, response.body).toBe(200);
  return order;
}
const fileable = { items: [orderItem({ hs_code: '610910', itemDescription: 'Cotton T-shirt' })] };
async function amsWhen(sid: string, done: (ams: Ams) => boolean): Promise<Ams> {
  for (let tries = 0; ; tries++) {
    const current: Ams = (await t.call('GET', `/ams/${sid}`, { token: admin })).json();
    if (done(current)) return current;
    if (tries > 150) throw new Error(`AMS never got there: ${JSON.stringify(current)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('reconciliation', () => {
  it('lists each parcel that stops the filing with what to fix, and what the broker needs', async () => {
    const manifest = await createAms();
    const noHs = await load(manifest);
    const vague = await load(manifest, {
      items: [orderItem({ hs_code: '610910', itemDescription: 'Gifts' })],
    });
    const long = await load(
      manifest,
      { ...fileable, name: 'A'.repeat(36), city: 'Thanh pho Ho Chi Minh', phone: '' },
      'C2',
    );
    const response = await t.call('GET', `/ams/${manifest.sid}/reconciliation`, { token: admin });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    const about = (barcode: string) =>
      result.problems
        .filter((problem: { barcode: string }) => problem.barcode === barcode)
        .map((p: { field: string }) => p.field);
    expect(about(noHs.barcode)).toEqual(['hs_code']);
    expect(about(vague.barcode)).toEqual(['itemDescription']);
    expect(about(long.barcode).sort()).toEqual(['city', 'name', 'phone']);
    expect(result.warnings.length).toBe(3);
    expect(result.warnings[0].message).toContain('no declared value');
    expect(result.warnings[0]).toMatchObject({
      key: 'ams.finding.noDeclaredValue',
      params: { sku: 'SKU-1' },
    });
    expect(result.problems.find((problem: { field: string }) => problem.field === 'name')).toMatchObject({
      message: 'Consignee name is 36 characters; customs takes at most 35.',
      key: 'ams.finding.nameTooLong',
      params: { length: 36, max: 35 },
    });
    expect(result).toMatchObject({ pieces: 3, total_weight: 1200 });
    expect(result.cartons).toEqual([
      { ams_carton_label: 'C1', count: 2, total_weight: 800 },
      { ams_carton_label: 'C2', count: 1, total_weight: 400 },
    ]);

    const refused = await t.call('POST', '/ams/submitAms', { token: admin, body: { ams_sid: manifest.sid } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      msg: `AMS ${manifest.name} cannot be filed: 5 problems to fix first.`,
      key: 'ams.cannotFile',
      params: { name: manifest.name, count: 5 },
    });
    expect(refused.json().details).toHaveLength(5);
    expect(refused.json().details[0]).toMatchObject({ key: expect.stringMatching(/^ams\.finding\./) });
    expect((await t.call('GET', `/ams/${manifest.sid}`, { token: admin })).json()).toMatchObject({
      submit_status: 'initiated',
      is_updating: false,
    });
  });
});

describe('submission', () => {
  it('files the manifest, keeps its workbook, moves the parcels to Processed; twice is refused', async () => {
    const manifest = await createAms();
    const parcel = await load(manifest, fileable);
    const accepted = await t.call('POST', '/ams/submitAms', {
      token: admin,
      body: { ams_sid: manifest.sid },
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json().is_updating).toBe(true);
    const filed = await amsWhen(manifest.sid, (ams) => ams.submit_status === 'submitted');
    expect(filed).toMatchObject({ is_updating: false, status: 'closed', has_manifest_file: true });
    const order = (await t.call('GET', `/orders/${parcel.sid}`, { token: admin })).json();
    expect(order.status).toBe(OrderStatus.Processed);
    const history = (await t.call('GET', `/orders/${parcel.sid}/history`, { token: admin })).json();
    expect(history[0]).toMatchObject({
      description: 'Departed SGN',
      description_text: { key: 'ams.event.departed', params: { hub: 'SGN' } },
      location: 'Sai Gon',
      location_text: { key: 'hub.city.SGN' },
    });

    const download = await t.call('GET', `/ams/${manifest.sid}/manifest`, { token: admin });
    expect(download.statusCode).toBe(200);
    const workbook = await loadWorkbook(download.rawPayload);
    const sheet = workbook.getWorksheet('Manifest');
    expect(sheet?.getRow(2).values).toEqual(
      expect.arrayContaining([parcel.barcode, manifest.masterAirWaybill.slice(4)]),
    );

    const again = await t.call('POST', '/ams/submitAms', { token: admin, body: { ams_sid: manifest.sid } });
    expect(again.statusCode).toBe(409);
    expect((await t.call('DELETE', `/ams/${manifest.sid}`, { token: admin })).statusCode).toBe(409);
  });

  it('ends failed with the reason when the adapter rejects, and files after being set back', async () => {
    const manifest = await createAms();
    await load(manifest, fileable);
    broker = {
      name: 'rejecting broker',
      file: async () => ({ ok: false, reason: 'Broker: MAWB unknown' }),
    };
    try {
      await t.call('POST', '/ams/submitAms', { token: admin, body: { ams_sid: manifest.sid } });
      const failed = await amsWhen(manifest.sid, (ams) => ams.submit_status === 'failed');
      // A broker's own words have no catalogue text: they are shown as they are.
      expect(failed).toMatchObject({
        submit_reason: 'Broker: MAWB unknown',
        submit_reason_text: null,
        is_updating: false,
      });
    } finally {
      broker = null;
    }
    const stuck = await t.call('POST', '/ams/submitAms', { token: admin, body: { ams_sid: manifest.sid } });
    expect(stuck.statusCode).toBe(409);
    const back = await t.call('PUT', `/ams/${manifest.sid}`, {
      token: admin,
      body: { submit_status: 'initiated' },
    });
    expect(back.json()).toMatchObject({
      submit_status: 'initiated',
      submit_reason: null,
      submit_reason_text: null,
    });
    await t.call('POST', '/ams/submitAms', { token: admin, body: { ams_sid: manifest.sid } });
    await amsWhen(manifest.sid, (ams) => ams.submit_status === 'submitted');
  });

  it('keeps an adapter failure as a catalogue text, so the reason reads in either language', async () => {
    const manifest = await createAms();
    await load(manifest, fileable);
    broker = {
      name: 'broken broker',
      file: async () => {
        throw new Error('Broker offline');
      },
    };
    try {
      await t.call('POST', '/ams/submitAms', { token: admin, body: { ams_sid: manifest.sid } });
      const failed = await amsWhen(manifest.sid, (ams) => ams.submit_status === 'failed');
      expect(failed).toMatchObject({
        submit_reason: 'The filing adapter failed: Broker offline',
        submit_reason_text: { key: 'ams.adapterFailed', params: { error: 'Broker offline' } },
      });
    } finally {
      broker = null;
    }
  });
});
