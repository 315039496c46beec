import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../lib/pdf/pdf-text.ts';
import { printable } from '../../lib/pdf/text-fit.ts';
import { cityLine, code128Modules, LABEL_HEIGHT, LABEL_WIDTH } from './label-layout.ts';
import { renderLabels, streamLabelPages } from './label-pdf.ts';
import { sampleLabel } from './sample-label.ts';

/** PDFKit writes each page's dictionary as plain text, compressed or not. */
const PAGE = '/Type /Page\n';
const pageCount = (pdf: Buffer) => pdf.toString('latin1').split(PAGE).length - 1;

/** The text of a one-page PDF. */
const textOf = async (pdf: Buffer) => (await pdfText(pdf)).pages.join('\n');

const label = sampleLabel;

describe('renderLabels', () => {
  it('makes a PDF with one 4x6 inch page holding every field of the label', async () => {
    const pdf = await renderLabels([label()]);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain(`/MediaBox [0 0 ${LABEL_WIDTH} ${LABEL_HEIGHT}]`);
    const text = await textOf(pdf);
    for (const expected of [
      'SO-2026-000123',
      'PO0196327415',
      '1.25 KG',
      'ParcelOps Standard',
      '2026-11-22',
      'Saigon Crafts Co.',
      'Nguyễn Văn Đức',
      '12 Lê Lợi',
      'Jane Doe',
      'Tel: +1 415 555 0134',
      '1600 Amphitheatre Parkway',
      'Building 43',
      'Mountain View, CA 94043',
      'UNITED STATES',
    ]) {
      expect(text).toContain(expected);
    }
    // The captions are letter-spaced, which pdf.js reads as spaces between the letters.
    const squeezed = text.replace(/ /g, '');
    for (const caption of ['FROM', 'SHIPTO', 'ORDERNO.', 'DATE']) expect(squeezed).toContain(caption);
  });

  it('prints a Vietnamese recipient with every accent, in the embedded fonts', async () => {
    const recipient = {
      name: 'Nguyễn Văn Đức',
      phone: '0912 345 678',
      address1: '25 Phố Hàng Bạc, Phường Hoàn Kiếm',
      city: 'Hà Nội',
      postalCode: '100000',
      country: 'Việt Nam',
    };
    const pdf = await renderLabels([label({ recipient })]);
    const text = await textOf(pdf);
    const recipientLines = [
      'Nguyễn Văn Đức',
      '25 Phố Hàng Bạc, Phường Hoàn Kiếm',
      'Hà Nội 100000',
      'VIỆT NAM',
    ];
    for (const line of recipientLines) expect(text).toContain(line);
    // DejaVu, subset to the glyphs used; no standard font that would lose the accents.
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold/);
    expect(pdf.toString('latin1')).not.toContain('Helvetica');
  });

  it('draws the barcode as vector bars, no image', async () => {
    const pdf = (await renderLabels([label()], { compress: false })).toString('latin1');
    expect(pdf).not.toContain('/Subtype /Image');
    const bars = code128Modules('PO0196327415').filter((_, index) => index % 2 === 0).length;
    // Every bar is a rectangle; the frame, the weight box and the five section rules are seven more.
    expect((pdf.match(/ re\n/g) ?? []).length).toBe(bars + 7);
  });

  it('prints the shipping partner as the service when there is one', async () => {
    const text = await textOf(await renderLabels([label({ service: 'USPS Ground Advantage' })]));
    expect(text).toContain('USPS Ground Advantage');
    expect(text).not.toContain('ParcelOps Standard');
  });

  it('puts one page per label in one document', async () => {
    const labels = Array.from({ length: 25 }, (_, index) =>
      label({ orderNumber: `SO-${index}`, barcode: `PO${index.toString().padStart(10, '0')}` }),
    );
    const { pages, title } = await pdfText(await renderLabels(labels));
    expect(pages).toHaveLength(25);
    expect(title).toBe('25 labels');
    expect(pages[24]).toContain('SO-24');
    expect(pages[24]).toContain('PO0000000024');
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
    expect(await textOf(pdf)).toContain('…');
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
  it('keeps every letter, accents included, and only tidies whitespace', () => {
    expect(printable('Nguyễn Văn Đức, Hà Nội')).toBe('Nguyễn Văn Đức, Hà Nội');
    expect(printable('  Café Müller  \n São Paulo ')).toBe('Café Müller São Paulo');
    // Decomposed letters (as some keyboards send them) are composed: the font has a glyph for each.
    expect(printable('Nguye\u0302\u0303n')).toBe('Nguyễn');
  });

  it('writes city, state and postal code the postal way, leaving out what is missing', () => {
    expect(cityLine({ city: 'Mountain View', state: 'CA', postalCode: '94043' })).toBe(
      'Mountain View, CA 94043',
    );
    expect(cityLine({ city: 'Singapore', postalCode: '018956' })).toBe('Singapore 018956');
    expect(cityLine({})).toBe('');
  });
});

/** A PDF's pages counted as its bytes go by, without keeping them. */
async function countPages(stream: AsyncIterable<Buffer>): Promise<number> {
  let pages = 0;
  let tail = '';
  for await (const chunk of stream) {
    const text = tail + chunk.toString('latin1');
    pages += text.split(PAGE).length - 1;
    // Short of a whole marker, so none is counted twice; enough to find one cut between two chunks.
    tail = text.slice(-(PAGE.length - 1));
  }
  return pages;
}

describe('streamLabelPages', () => {
  it('renders labels as a generator yields them, with memory that does not grow with the count', async () => {
    // A full collection before each reading, for a number that is the live heap rather than garbage.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heapMb = () => {
      gc();
      return process.memoryUsage().heapUsed / 1024 / 1024;
    };
    const count = 3000;
    const heap: number[] = [];
    async function* labels() {
      for (let index = 0; index < count; index++) {
        if (index === 500) heap.push(heapMb());
        // Distinct names and addresses, as a real batch has: nothing repeats that a cache could share.
        const unique = `${index} ${(index * 7919).toString(36)}`;
        yield label({
          orderNumber: `SO-${unique}`,
          barcode: `PO${index.toString().padStart(10, '0')}`,
          recipient: {
            ...label().recipient,
            name: `Trần Thị ${unique}`,
            address1: `Số ${unique} Đường Láng`,
          },
        });
      }
      heap.push(heapMb());
    }
    expect(await countPages(streamLabelPages(labels()))).toBe(count);
    const [atStart = 0, atEnd = 0] = heap;
    // About 1 MB per 1,000 pages stays (PDFKit's page tree); caches that grew with the count would add ~40 MB.
    expect(atEnd - atStart).toBeLessThan(15);
  });

  it('fails the stream on a label it cannot print, and on no label at all', async () => {
    async function* broken() {
      yield label();
      yield label({ barcode: 'PO東京' });
    }
    await expect(countPages(streamLabelPages(broken()))).rejects.toThrow('Code 128');
    await expect(countPages(streamLabelPages([]))).rejects.toThrow('at least one label');
  });
});
