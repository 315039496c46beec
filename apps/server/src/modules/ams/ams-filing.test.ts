/**
 * The manifest file in plain ASCII (issue 28, N12): with the setting on (the default) the filing fields read
 * as a broker types them ("Nguyen Thi Huong", "Da Nang"), the originals kept in columns of their own at the
 * end; off, the fields are written as typed and there are no extra columns. The setting is AMS_MANIFEST_ASCII.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../../test/workbooks.ts';
import { loadConfig } from '../../config.ts';
import type { FilingParcel } from '../orders/order-manifest.ts';
import type { AmsRow } from './ams.repository.ts';
import { type ManifestFiling, workbookFilingAdapter } from './ams-filing.ts';
import { isPlainAscii, plainAscii } from './plain-ascii.ts';

describe('plainAscii', () => {
  it('spells Vietnamese without its marks, đ as d, and marks what has no plain spelling', () => {
    expect(plainAscii('Nguyễn Thị Hương')).toBe('Nguyen Thi Huong');
    expect(plainAscii('Đà Nẵng, Thừa Thiên Huế')).toBe('Da Nang, Thua Thien Hue');
    expect(plainAscii('Áo thun “cotton” – size L')).toBe('Ao thun "cotton" - size L');
    expect(plainAscii('Café 東京')).toBe('Cafe ??');
    expect(plainAscii('Plain 123 Main St.')).toBe('Plain 123 Main St.');
    expect(isPlainAscii(plainAscii('Ơn trời, ưu đãi'))).toBe(true);
  });
});

const ams = {
  sid: 'ams-1',
  name: 'Night',
  departureDate: new Date('2026-12-01T10:00:00Z'),
  masterAirWaybill: '157-12345675',
  airportCode: 'LAX',
  hawb: 'H1',
  carrier: 'DHL',
  serviceType: 'First Class',
  status: 'initiated',
  location: 'SGN',
  submitStatus: 'initiated',
  submitReason: null,
  submitReasonKey: null,
  submitReasonParams: null,
  isUpdating: true,
  pieceSeq: 1,
  manifestFileName: null,
  dateCreated: new Date('2026-11-28T10:00:00Z'),
} as AmsRow;

const parcel: FilingParcel = {
  sid: 'order-1',
  barcode: 'PO0000000012',
  orderNumber: 'A-1',
  status: 2,
  accountSid: 'account-1',
  cartonLabel: 'C1',
  amsId: '1571234567500001',
  hawb: 'H1',
  name: 'Nguyễn Thị Hương',
  address1: '12 Đường Lê Lợi',
  address2: null,
  city: 'Garden Grove',
  state: 'CA',
  postalCode: '92840',
  country: 'US',
  phone: '7145550100',
  weight: 400,
  items: [
    {
      sid: 'item-1',
      skuNumber: 'SKU-1',
      quantity: 2,
      itemDescription: 'Ấm trà gốm',
      hsCode: '691200',
      declaredValue: 12,
      originCountry: 'VN',
    },
  ],
};

const filing: ManifestFiling = {
  ams,
  parcels: [parcel],
  shippers: new Map([
    [
      'account-1',
      {
        name: 'Công ty Hương Việt',
        address: {
          name: 'Kho',
          address1: '5 Nguyễn Huệ',
          city: 'Hồ Chí Minh',
          state: 'HCM',
          postalCode: '700000',
          country: 'VN',
        } as never,
      },
    ],
  ]),
};

async function fileWith(ascii: boolean): Promise<Record<string, unknown>> {
  const result = await workbookFilingAdapter({ ascii }).file(filing);
  if (!result.ok) throw new Error('the workbook adapter never rejects');
  const [headers = [], row = []] = await readXlsx(result.file.bytes);
  return Object.fromEntries(headers.map((header, index) => [String(header), row[index]]));
}

describe('the manifest workbook', () => {
  it('gives the filing fields in plain ASCII and keeps the originals in their own columns', async () => {
    const row = await fileWith(true);
    expect(row).toMatchObject({
      Consignee: 'Nguyen Thi Huong',
      Street: '12 Duong Le Loi',
      Description: 'Am tra gom',
      Shipper: 'Cong ty Huong Viet',
      'Shipper address': '5 Nguyen Hue, Ho Chi Minh, HCM, 700000, VN',
      'Consignee (original)': 'Nguyễn Thị Hương',
      'Street (original)': '12 Đường Lê Lợi',
      'Description (original)': 'Ấm trà gốm',
      'Shipper (original)': 'Công ty Hương Việt',
      'Shipper address (original)': '5 Nguyễn Huệ, Hồ Chí Minh, HCM, 700000, VN',
      Barcode: 'PO0000000012',
    });
    const headers = Object.keys(row);
    // The originals come after every column the broker's import already knows.
    expect(headers.indexOf('Consignee (original)')).toBeGreaterThan(headers.indexOf('Service'));
  });

  it('writes the fields as typed, without extra columns, when the setting is off', async () => {
    const row = await fileWith(false);
    expect(row).toMatchObject({ Consignee: 'Nguyễn Thị Hương', Description: 'Ấm trà gốm' });
    expect(Object.keys(row).some((header) => header.endsWith('(original)'))).toBe(false);
  });

  it('is on by default; AMS_MANIFEST_ASCII=0 turns it off and anything else stops the start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parcelops-ascii-'));
    try {
      const env = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), APP_SECRET: 'y'.repeat(40) };
      expect(loadConfig(env).amsManifestAscii).toBe(true);
      expect(loadConfig({ ...env, AMS_MANIFEST_ASCII: '0' }).amsManifestAscii).toBe(false);
      expect(() => loadConfig({ ...env, AMS_MANIFEST_ASCII: 'yes' })).toThrow(
        'Invalid setting AMS_MANIFEST_ASCII: must be 0 or 1',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
