import { describe, expect, it } from 'vitest';
import {
  cityLine,
  code128Modules,
  formatWeightKg,
  LABEL_HEIGHT,
  LABEL_WIDTH,
  type LabelData,
  printable,
  renderLabels,
} from './label-pdf.ts';

/** The number of pages: page objects, not the /Pages tree. */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

/**
 * The text an uncompressed pdfkit PDF shows: each TJ operator's hex strings decoded and joined (kerning
 * numbers split words inside one TJ), one TJ per line.
 */
function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, inner] of pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...(inner ?? '').matchAll(/<([0-9a-f]*)>/gi)].map(([, part]) => part).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join('\n');
}

function label(overrides: Partial<LabelData> = {}): LabelData {
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

describe('renderLabels', () => {
  it('makes a PDF with one 4x6 inch page holding every field of the label', async () => {
    const pdf = await renderLabels([label()], { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain(`/MediaBox [0 0 ${LABEL_WIDTH} ${LABEL_HEIGHT}]`);
    const text = pdfText(pdf);
    for (const expected of [
      'SO-2026-000123',
      'PO0196327415',
      '1.25 KG',
      'ParcelOps Standard',
      '2026-11-22',
      'FROM',
      'Saigon Crafts Co.',
      'Nguyen Van Duc',
      'SHIP TO',
      'Jane Doe',
      'Tel: +1 415 555 0134',
      '1600 Amphitheatre Parkway',
      'Building 43',
      'Mountain View, CA 94043',
      'UNITED STATES',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('draws the barcode as vector bars, no image', async () => {
    const pdf = (await renderLabels([label()], { compress: false })).toString('latin1');
    expect(pdf).not.toContain('/Subtype /Image');
    const bars = code128Modules('PO0196327415').filter((_, index) => index % 2 === 0).length;
    // Every bar is a rectangle; the frame and the weight box are two more.
    expect((pdf.match(/ re\n/g) ?? []).length).toBe(bars + 2);
  });

  it('prints the shipping partner as the service when there is one', async () => {
    const text = pdfText(
      await renderLabels([label({ service: 'USPS Ground Advantage' })], { compress: false }),
    );
    expect(text).toContain('USPS Ground Advantage');
    expect(text).not.toContain('ParcelOps Standard');
  });

  it('puts one page per label in one document', async () => {
    const labels = Array.from({ length: 25 }, (_, index) =>
      label({ orderNumber: `SO-${index}`, barcode: `PO${index.toString().padStart(10, '0')}` }),
    );
    const pdf = await renderLabels(labels, { compress: false });
    expect(pageCount(pdf)).toBe(25);
    const text = pdfText(pdf);
    expect(text).toContain('SO-24');
    expect(text).toContain('PO0000000024');
  });

  it('compresses by default', async () => {
    const plain = await renderLabels([label()], { compress: false });
    const compressed = await renderLabels([label()]);
    expect(compressed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(compressed.toString('latin1')).toContain('/FlateDecode');
    expect(compressed.length).toBeLessThan(plain.length);
  });

  it('keeps very long fields on the label, shortened with an ellipsis when they cannot fit', async () => {
    const long = 'Road '.repeat(60).trim();
    const pdf = await renderLabels(
      [
        label({
          orderNumber: 'X'.repeat(100),
          recipient: { ...label().recipient, name: long, address1: long, address2: long, city: long },
        }),
      ],
      { compress: false },
    );
    expect(pageCount(pdf)).toBe(1);
    // pdfkit writes the ellipsis in WinAnsi, 0x85.
    expect(pdfText(pdf)).toContain('\x85');
  });

  it('fails the document, not the process, when a page deep in a batch cannot be drawn', async () => {
    const labels = Array.from({ length: 45 }, () => label());
    labels[44] = label({ date: new Date(Number.NaN) });
    await expect(renderLabels(labels)).rejects.toThrow(RangeError);
  });

  it('refuses an empty list and a barcode Code 128 cannot hold', async () => {
    await expect(renderLabels([])).rejects.toThrow('at least one label');
    await expect(renderLabels([label({ barcode: 'PO東京' })])).rejects.toThrow('Code 128');
  });
});

describe('label text helpers', () => {
  it('folds what Helvetica cannot show to plain letters, and keeps Latin-1', () => {
    expect(printable('Nguyễn Văn Đức, Hà Nội')).toBe('Nguyen Van Duc, Ha Noi');
    expect(printable('Café Müller  \n São Paulo')).toBe('Café Müller São Paulo');
    expect(printable('東京')).toBe('??');
  });

  it('shows weights in KG with two decimals (spec §9)', () => {
    expect(formatWeightKg(1250)).toBe('1.25 KG');
    expect(formatWeightKg(5)).toBe('0.01 KG');
    expect(formatWeightKg(0)).toBe('0.00 KG');
  });

  it('writes city, state and postal code the postal way, leaving out what is missing', () => {
    expect(cityLine({ city: 'Mountain View', state: 'CA', postalCode: '94043' })).toBe(
      'Mountain View, CA 94043',
    );
    expect(cityLine({ city: 'Singapore', postalCode: '018956' })).toBe('Singapore 018956');
    expect(cityLine({})).toBe('');
  });
});
