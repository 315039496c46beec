/**
 * ZPL II to bitmaps, in-process: zpl-renderer-js runs the Zebrash renderer (Go, compiled to WebAssembly) so
 * tests see what a Zebra printer would print without sending labels to Labelary or any other service.
 */
import { createRequire } from 'node:module';
import type { ZplApi } from 'zpl-renderer-js';
import { type Bitmap, decodePng, fitToSize, thresholdRgba } from './bitmap.ts';

/**
 * The printer densities labels are checked at. Zebra sells its printheads by dots per millimetre (8, 12, 24)
 * and names them by rounded dots per inch (203, 300, 600). A label's size in dots follows the 203 dpi grid
 * scaled by the printhead: 4 x 6 inches is 812 x 1218 dots at 8 dots/mm and 1218 x 1827 at 12 (304.5 dots
 * per inch, not 300), the sizes label designers write in ^PW and ^LL.
 */
export const PRINT_DENSITIES = {
  203: { dotsPerMm: 8, dotsPerInch: 203 },
  300: { dotsPerMm: 12, dotsPerInch: 304.5 },
  600: { dotsPerMm: 24, dotsPerInch: 609 },
} as const;

export type PrintDpi = keyof typeof PRINT_DENSITIES;

export interface LabelSize {
  /** In inches; default 4 x 6, the shipping label. */
  widthInches?: number;
  heightInches?: number;
}

/** A label's size in dots at a printer density: 812 x 1218 for 4 x 6 inches at 203 dpi. */
export function labelDots(dpi: PrintDpi, size: LabelSize = {}): { width: number; height: number } {
  const { dotsPerInch } = PRINT_DENSITIES[dpi];
  return {
    width: Math.round((size.widthInches ?? 4) * dotsPerInch),
    height: Math.round((size.heightInches ?? 6) * dotsPerInch),
  };
}

let zebrash: Promise<ZplApi> | undefined;

/**
 * The renderer, loaded on first use and then shared by the whole test file: the package inlines its 8 MB of
 * WebAssembly as base64 and starts the Go runtime when loaded, about a second of work best done once and not
 * at all by files that never render ZPL. Its CommonJS build, through Node's own require: imported, the 9 MB
 * ES build goes through Vitest's transform, which costs seconds and warns of a source map the package does
 * not ship.
 */
function zebrashApi(): Promise<ZplApi> {
  if (!zebrash) {
    const { ready } = createRequire(import.meta.url)('zpl-renderer-js') as typeof import('zpl-renderer-js');
    zebrash = ready.then(({ api }) => api);
  }
  return zebrash;
}

/**
 * One bitmap per label (`^XA` ... `^XZ`) of `zpl`, each exactly the label's size in dots at `dpi`.
 *
 * What Zebrash does with the size (v1.38): it takes dots per millimetre as a whole number (11.8 renders as
 * 11) and makes the image ceil(mm x dots/mm) dots, so 101.6 x 152.4 mm (4 x 6 inches) comes out 813 x 1220
 * at 8 and 1220 x 1829 at 12, a dot or two more than a printer's label. Asking for the label's dots divided
 * by the density (101.5 x 152.25 mm for 4 x 6 inches) gives exactly 812 x 1218 and 1218 x 1827; the fit
 * afterwards only guards against rounding on other sizes. A ^PW narrower than the label centres the print
 * across it, as a printer with a wider head would.
 */
export async function rasterizeZpl(zpl: string, dpi: PrintDpi, size: LabelSize = {}): Promise<Bitmap[]> {
  const { dotsPerMm } = PRINT_DENSITIES[dpi];
  const { width, height } = labelDots(dpi, size);
  const api = await zebrashApi();
  const pngs = await api.zplToBase64MultipleAsync(zpl, width / dotsPerMm, height / dotsPerMm, dotsPerMm);
  const labels: Bitmap[] = [];
  for (const png of pngs) {
    // Zebrash writes its images already black and white; the threshold only changes the representation.
    const bitmap = thresholdRgba(await decodePng(Buffer.from(png, 'base64')));
    labels.push(fitToSize(bitmap, width, height));
  }
  return labels;
}
