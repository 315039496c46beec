/**
 * PDF pages to bitmaps on a printer's dot grid, in-process with pdf.js (a development dependency) drawing on
 * @napi-rs/canvas, so a PDF label and a ZPL label of the same design can be compared dot for dot.
 */
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type Bitmap, thresholdRgba } from './bitmap.ts';
import { PRINT_DENSITIES, type PrintDpi } from './zpl-raster.ts';

/** PDF user space: 72 points to the inch. */
const POINTS_PER_INCH = 72;

/**
 * One bitmap per page of `pdf`, each page scaled onto the printer's dot grid at `dpi`: a 4 x 6 inch page
 * (288 x 432 pt) comes out 812 x 1218 dots at 203 dpi and 1218 x 1827 at 300 (the 12 dots/mm grid, 304.5
 * dots per inch), the sizes rasterizeZpl gives the same label. Anti-aliased edges are cut at mid-grey, as a
 * printer burns a dot or not.
 *
 * pdf.js settings for Node:
 * - disableFontFace: true (Node's default, written out because everything depends on it). Otherwise pdf.js
 *   hands embedded fonts to the canvas as font faces, which @napi-rs/canvas does not have: every glyph of the
 *   DejaVu subsets PDFKit embeds came out as an empty box. With it, pdf.js draws each glyph from its outline
 *   as a path, exactly, with no font registered anywhere.
 * - isEvalSupported: false: pdf.js compiles PDF functions with `new Function` otherwise; tests have no need.
 * - No standardFontDataUrl or cMapUrl: the product's PDFs embed their fonts (see lib/pdf/fonts.ts). Text in
 *   a non-embedded standard font (Helvetica) still shows, but pdf.js warns and hands it to the canvas, which
 *   draws it in whatever sans-serif the machine has: not a rendering to compare dots against.
 * - No canvasFactory: in Node pdf.js already makes its scratch canvases with @napi-rs/canvas (it requires the
 *   package itself), the same one the page is drawn on here.
 */
export async function rasterizePdf(pdf: Uint8Array, dpi: PrintDpi): Promise<Bitmap[]> {
  const scale = PRINT_DENSITIES[dpi].dotsPerInch / POINTS_PER_INCH;
  // A copy: pdf.js may take over (detach) the bytes it is given.
  const document = await getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    isEvalSupported: false,
  }).promise;
  try {
    const pages: Bitmap[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      // pdf.js types its canvas as the DOM's; @napi-rs/canvas has the parts it uses.
      const domCanvas = canvas as unknown as Parameters<typeof page.render>[0]['canvas'];
      await page.render({ canvas: domCanvas, viewport }).promise;
      const context = canvas.getContext('2d');
      pages.push(thresholdRgba(context.getImageData(0, 0, canvas.width, canvas.height)));
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
