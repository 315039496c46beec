/**
 * ZPL labels checked by machine (issue 33): each label is rendered here (zpl-renderer-js, in-process), its
 * Code 128 read back (zxing-wasm) and compared with the order's barcode, and its picture compared dot for dot
 * with the PDF of the same label rasterised at the same size (pdf.js): under 2% of the dots may differ. A
 * failing comparison keeps the diff picture under apps/server/test/.artifacts/labels/. And the layout both are
 * drawn from: every element inside the label, no text over the barcode, whatever the input.
 */
import { text } from 'node:stream/consumers';
import { describe, expect, it, onTestFailed } from 'vitest';
import {
  type Bitmap,
  countBlack,
  decodeCode128,
  diffBitmaps,
  encodePng,
  keepArtifact,
  rasterizePdf,
  rasterizeZpl,
} from '../../../test/label-check/index.ts';
import { type LabelData, type LabelLayout, layoutLabel } from './label-layout.ts';
import { renderLabels } from './label-pdf.ts';
import { renderZplLabels, streamZplLabels, ZPL_DPIS, type ZplDpi } from './label-zpl.ts';
import { sampleLabel } from './sample-label.ts';

/** The sample label with a Vietnamese recipient too. */
const label = (overrides: Partial<LabelData> = {}): LabelData =>
  sampleLabel({ recipient: { ...sampleLabel().recipient, name: 'Trần Thị Hương' }, ...overrides });

/** The ZPL and the PDF of one label, rasterised at `dpi`, compared; the pictures kept when a check fails. */
async function bothRenders(data: LabelData, dpi: ZplDpi, name: string) {
  const [zpl] = await rasterizeZpl(renderZplLabels([data], { dpi }), dpi);
  const [pdf] = await rasterizePdf(await renderLabels([data]), dpi);
  if (!zpl || !pdf) throw new Error('a render came out empty');
  const diff = diffBitmaps(zpl, pdf);
  onTestFailed(() => {
    keepArtifact(`${name}-${dpi}-zpl`, encodePng(zpl));
    keepArtifact(`${name}-${dpi}-pdf`, encodePng(pdf));
    keepArtifact(`${name}-${dpi}-diff`, encodePng(diff.image));
  });
  return { zpl, pdf, diff };
}

describe('ZPL labels, rendered and read back', () => {
  for (const dpi of ZPL_DPIS) {
    it(`at ${dpi} dpi: the printer's size, the barcode reads back, and under 2% of dots differ from the PDF`, async () => {
      const data = label();
      const { zpl, diff } = await bothRenders(data, dpi, 'label');
      expect([zpl.width, zpl.height]).toEqual(dpi === 203 ? [812, 1218] : [1218, 1827]);
      expect(await decodeCode128(zpl)).toEqual([data.barcode]);
      expect(diff.ratio).toBeLessThan(0.02);
    });
  }

  it('prints Vietnamese names with their accents: the name lines match the PDF dot for dot, nearly', async () => {
    const plain = await bothRenders(
      label({ recipient: { ...label().recipient, name: 'Tran Thi Huong' } }),
      203,
      'plain',
    );
    const accented = await bothRenders(label(), 203, 'accented');
    // Accents add ink: the ZPL of the accented name has more than the plain one, as the PDF has.
    expect(countBlack(accented.zpl)).toBeGreaterThan(countBlack(plain.zpl));
    expect(accented.diff.ratio).toBeLessThan(0.02);
  });

  it('keeps a hostile label inside its boxes: a 200-character name, emoji, a 30-character barcode', async () => {
    const data = label({
      // A carrier's long tracking number; 100 characters of barcode fit the label too (below) but no 4 inch
      // label prints that many legibly at 203 dpi.
      barcode: 'PO1Z999AA10123456784XYZ-778899',
      recipient: {
        ...label().recipient,
        name: `${'Nguyễn Thị Minh Khai '.repeat(10)}`.slice(0, 200),
        address1: 'Tầng 5 🚚📦 1600 Amphitheatre Parkway',
      },
    });
    const { zpl, diff } = await bothRenders(data, 203, 'hostile');
    expect(await decodeCode128(zpl)).toEqual([data.barcode]);
    expect(diff.ratio).toBeLessThan(0.02);
  });

  it('streams one ^XA…^XZ per label, each rendering as its own label', async () => {
    const labels = [label(), label({ barcode: 'PO0000000002', orderNumber: 'SO-2' })];
    const zpl = await text(streamZplLabels(labels, { dpi: 203 }));
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    const pictures: Bitmap[] = await rasterizeZpl(zpl, 203);
    expect(await Promise.all(pictures.map((picture) => decodeCode128(picture)))).toEqual([
      ['PO0196327415'],
      ['PO0000000002'],
    ]);
  });

  it('refuses a barcode Code 128 cannot hold, and an empty stream', async () => {
    expect(() => renderZplLabels([label({ barcode: 'PO€1' })], { dpi: 203 })).toThrow(/Code 128/);
    await expect(text(streamZplLabels([], { dpi: 300 }))).rejects.toThrow(/at least one label/);
  });
});

/** Boxes that may not overlap: each text line's box, and the barcode's. */
function boxesOf(layout: LabelLayout) {
  return layout.elements.map((element) => {
    if (element.type === 'rect')
      return {
        element,
        x: element.x,
        y: element.y,
        right: element.x + element.width,
        bottom: element.y + element.height,
      };
    if (element.type === 'bars') {
      const width = element.widths.reduce((sum, modules) => sum + modules, 0) * element.module;
      return {
        element,
        x: element.x,
        y: element.y,
        right: element.x + width,
        bottom: element.y + element.height,
      };
    }
    return {
      element,
      x: element.x,
      y: element.y,
      right: element.x + element.width,
      bottom: element.y + element.size * 1.16,
    };
  });
}

describe('the label layout', () => {
  const hostile = [
    label(),
    label({
      recipient: {
        ...label().recipient,
        name: 'X'.repeat(200),
        address1: 'Y'.repeat(200),
        address2: 'Z '.repeat(100),
      },
    }),
    label({ orderNumber: 'N'.repeat(100), barcode: `PO${'1'.repeat(98)}`, service: 'S'.repeat(200) }),
    label({ sender: { name: '😀'.repeat(50), contact: '𝔘𝔫𝔦𝔠𝔬𝔡𝔢' }, recipient: { name: '' } }),
  ];

  it('keeps every box, line and bar inside the label, for any input', () => {
    for (const data of hostile) {
      const layout = layoutLabel(data);
      for (const box of boxesOf(layout)) {
        expect(box.x, JSON.stringify(box.element)).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(layout.width + 0.01);
        expect(box.bottom).toBeLessThanOrEqual(layout.height + 0.01);
      }
    }
  });

  it('never sets text over the barcode', () => {
    for (const data of hostile) {
      const boxes = boxesOf(layoutLabel(data));
      const bars = boxes.find((box) => box.element.type === 'bars');
      if (!bars) throw new Error('no barcode');
      for (const box of boxes.filter((each) => each.element.type === 'text')) {
        const overlaps =
          box.x < bars.right && box.right > bars.x && box.y < bars.bottom && box.bottom > bars.y;
        expect(overlaps, JSON.stringify(box.element)).toBe(false);
      }
    }
  });
});
