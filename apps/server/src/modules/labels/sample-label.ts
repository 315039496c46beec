/** A label as an order gives one: a Vietnamese sender, a US recipient; `overrides` replace whole fields. */
import type { LabelData } from './label-layout.ts';

export function sampleLabel(overrides: Partial<LabelData> = {}): LabelData {
  return {
    orderNumber: 'SO-2026-000123',
    barcode: 'PO0196327415',
    weightGrams: 1250,
    service: null,
    sender: {
      name: 'Saigon Crafts Co.',
      contact: 'Nguyễn Văn Đức',
      address1: '12 Lê Lợi',
      city: 'Ho Chi Minh City',
      state: 'HCM',
      postalCode: '700000',
      country: 'Vietnam',
    },
    recipient: {
      name: 'Jane Doe',
      phone: '+1 415 555 0134',
      address1: '1600 Amphitheatre Parkway',
      address2: 'Building 43',
      city: 'Mountain View',
      state: 'CA',
      postalCode: '94043',
      country: 'United States',
    },
    date: new Date('2026-11-22T08:00:00Z'),
    ...overrides,
  };
}
