/**
 * The label-check harness itself: rasters come out the printer's size with dots where the ZPL or PDF put
 * them, barcodes read back, diffs count right, and nothing reaches for the network.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { buffer } from 'node:stream/consumers';
import bwipjs from 'bwip-js/node';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { BODY_FONT, registerFonts } from '../../src/lib/pdf/fonts.ts';
import {
  type Bitmap,
  blankBitmap,
  countBlack,
  decodeCode128,
  decodePng,
  diffBitmaps,
  encodePng,
  inkBounds,
  isBlack,
  keepArtifact,
  rasterizePdf,
  rasterizeZpl,
  thresholdRgba,
} from './index.ts';

const ORDER_NUMBER = 'PO0196327415';
/** A 200 x 100 dot box with 4-dot lines at (50, 50), and the order number as Code 128 with its text below. */
const BOX_AND_BARCODE = `^XA^FO50,50^GB200,100,4^FS^FO100,300^BY3^BCN,120,Y,N,N^FD${ORDER_NUMBER}^FS^XZ`;

/** A 4 x 6 inch PDF page drawn by `draw`, as the product's documents are made (PDFKit, DejaVu embedded). */
async function pdfPage(draw: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: [288, 432], margin: 0 });
  registerFonts(doc);
  const bytes = buffer(doc);
  draw(doc);
  doc.end();
  return bytes;
}

/** Saves the picture under test/.artifacts/labels/ if the running test fails, to look at. */
function keepIfFailed(name: string, bitmap: Bitmap): void {
  onTestFailed(() => {
    console.error(`label picture kept at ${keepArtifact(name, encodePng(bitmap))}`);
  });
}

beforeAll(() => {
  // The harness must work offline (zxing-wasm's default is to fetch its wasm from a CDN): any fetch fails.
  vi.stubGlobal('fetch', () => {
    throw new Error('label checks must not use the network');
  });
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('ZPL rasters', () => {
  it.each([
    { dpi: 203, width: 812, height: 1218 },
    { dpi: 300, width: 1218, height: 1827 },
  ] as const)(
    'a 4x6 label at $dpi dpi is $width x $height dots, its box in place and its barcode readable',
    async ({ dpi, width, height }) => {
      const [label, ...others] = await rasterizeZpl(BOX_AND_BARCODE, dpi);
      if (!label) throw new Error('no label rendered');
      keepIfFailed(`zpl-box-and-barcode-${dpi}`, label);
      expect(others).toHaveLength(0);
      expect([label.width, label.height]).toEqual([width, height]);

      // ZPL positions are in dots whatever the density: the box's outer edge is exactly 200 x 100 from (50, 50).
      const aboveBarcode = { x: 0, y: 0, width, height: 250 };
      expect(inkBounds(label, aboveBarcode)).toEqual({ x: 50, y: 50, width: 200, height: 100 });
      expect(countBlack(label, aboveBarcode)).toBe(200 * 100 - 192 * 92);

      expect(await decodeCode128(label)).toEqual([ORDER_NUMBER]);
    },
  );

  it('puts a ^GFA graphic at its ^FO position, dot for dot', async () => {
    // 16 x 16 dots, 2 bytes a row: 8 x 8 squares, black at top left and bottom right.
    const rows = [...Array(8).fill('FF00'), ...Array(8).fill('00FF')];
    const origin = { x: 120, y: 200 };
    const zpl = `^XA^FO${origin.x},${origin.y}^GFA,32,32,2,${rows.join('')}^FS^XZ`;

    const [label] = await rasterizeZpl(zpl, 203);
    if (!label) throw new Error('no label rendered');
    keepIfFailed('zpl-graphic-field', label);

    const wrong: string[] = [];
    for (let y = 0; y < 16; y++) {
      for (let x = 0; x < 16; x++) {
        const expected = x < 8 === y < 8;
        if (isBlack(label, origin.x + x, origin.y + y) !== expected) wrong.push(`${x},${y}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(countBlack(label)).toBe(128);
  });
});

describe('PDF rasters', () => {
  it('draws a rectangle on the dots it covers at 203 dpi, and embedded DejaVu text as its glyphs', async () => {
    // 1 inch squares land on whole dots at 203 dpi: 72 pt is 203 dots.
    const text = 'Nguyễn Văn Đức';
    const textAt = { x: 36, baseline: 300, size: 20 };
    const pdf = await pdfPage((doc) => {
      doc.rect(72, 72, 72, 72).fill('#000');
      doc.font(BODY_FONT).fontSize(textAt.size).fillColor('#000');
      doc.text(text, textAt.x, textAt.baseline, { baseline: 'alphabetic', lineBreak: false });
    });

    const [page, ...others] = await rasterizePdf(pdf, 203);
    if (!page) throw new Error('no page rendered');
    keepIfFailed('pdf-rectangle-and-text', page);
    expect(others).toHaveLength(0);
    expect([page.width, page.height]).toEqual([812, 1218]);

    const squareArea = { x: 0, y: 0, width: 812, height: 500 };
    expect(inkBounds(page, squareArea)).toEqual({ x: 203, y: 203, width: 203, height: 203 });
    expect(countBlack(page, squareArea)).toBe(203 * 203);

    // The ink must span the text's own glyph outlines (fontkit's box: the stacked accents of "ễ" on top, the
    // tails of "g" and "y" below). Glyphs lost to the canvas print as empty boxes of one height instead.
    const font = fontkit.create(
      readFileSync(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    );
    if (!('layout' in font)) throw new Error('DejaVuSans.ttf is a collection');
    const box = font.layout(text).bbox;
    const dotsPerUnit = (textAt.size / font.unitsPerEm) * (203 / 72);
    const x = textAt.x * (203 / 72);
    const baseline = textAt.baseline * (203 / 72);
    const ink = inkBounds(page, { x: 0, y: 500, width: 812, height: 718 });
    if (!ink) throw new Error('the text left no ink');
    const inked = { left: ink.x, right: ink.x + ink.width, top: ink.y, bottom: ink.y + ink.height };
    const outlined = {
      left: x + box.minX * dotsPerUnit,
      right: x + box.maxX * dotsPerUnit,
      top: baseline - box.maxY * dotsPerUnit,
      bottom: baseline - box.minY * dotsPerUnit,
    };
    // Measured within half a dot (the threshold drops edge dots less than half covered); empty boxes miss by 3-12.
    for (const edge of ['left', 'right', 'top', 'bottom'] as const) {
      expect(Math.abs(inked[edge] - outlined[edge]), edge).toBeLessThanOrEqual(2);
    }
  });

  it.each([
    { dpi: 203, width: 812, height: 1218 },
    { dpi: 300, width: 1218, height: 1827 },
  ] as const)(
    'reads a Code 128 drawn as rectangles at $dpi dpi ($width x $height dots)',
    async ({ dpi, width, height }) => {
      const [symbol] = bwipjs.raw('code128', ORDER_NUMBER, {}) as { sbs?: number[] }[];
      const widths = symbol?.sbs ?? [];
      const pdf = await pdfPage((doc) => {
        // 1.5 pt modules (4.2 dots at 203 dpi): bars that do not land on whole dots, as on a real label.
        let x = 30;
        widths.forEach((modules, index) => {
          if (index % 2 === 0) doc.rect(x, 200, modules * 1.5, 60);
          x += modules * 1.5;
        });
        doc.fillColor('#000').fill();
      });

      const [page] = await rasterizePdf(pdf, dpi);
      if (!page) throw new Error('no page rendered');
      keepIfFailed(`pdf-code128-${dpi}`, page);
      expect([page.width, page.height]).toEqual([width, height]);
      expect(await decodeCode128(page)).toEqual([ORDER_NUMBER]);
    },
  );
});

describe('bitmap diffs', () => {
  /** A bitmap from rows of '#' (black) and '.' (white). */
  function bitmapOf(...rows: string[]): Bitmap {
    const bitmap = blankBitmap(rows[0]?.length ?? 0, rows.length);
    rows.forEach((row, y) => {
      [...row].forEach((dot, x) => {
        if (dot === '#') bitmap.dots[y * bitmap.width + x] = 1;
      });
    });
    return bitmap;
  }

  it('counts the dots that differ and marks them red on a faded copy of the first', () => {
    const a = bitmapOf('#.#', '..#');
    const b = bitmapOf('##.', '..#');

    const diff = diffBitmaps(a, b);

    expect(diff).toMatchObject({ differing: 2, total: 6, ratio: 2 / 6 });
    const pixel = (index: number) => [...diff.image.data.subarray(index * 4, index * 4 + 4)];
    expect([0, 1, 2, 3, 4, 5].map(pixel)).toEqual([
      [200, 200, 200, 255],
      [220, 0, 0, 255],
      [220, 0, 0, 255],
      [255, 255, 255, 255],
      [255, 255, 255, 255],
      [200, 200, 200, 255],
    ]);
    expect(diffBitmaps(a, a).differing).toBe(0);
    expect(() => diffBitmaps(a, bitmapOf('#.#'))).toThrow('Cannot diff a 3x2 bitmap with a 3x1 one');
  });

  it('keeps a picture as a PNG that reads back the same', async () => {
    const bitmap = bitmapOf('#..#', '.##.', '#..#');

    const path = keepArtifact('label-check self-test', encodePng(bitmap));

    expect(path).toMatch(/test\/\.artifacts\/labels\/label-check-self-test\.png$/);
    expect(thresholdRgba(await decodePng(readFileSync(path)))).toEqual(bitmap);
  });
});
