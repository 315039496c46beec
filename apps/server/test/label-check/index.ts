/**
 * Label checks by machine: render ZPL and PDF labels to printer-dot bitmaps locally, read their barcodes,
 * and compare renderings dot for dot. Nothing leaves the process.
 */
export { decodeCode128 } from './barcodes.ts';
export {
  type Area,
  type Bitmap,
  bitmapToRgba,
  blankBitmap,
  countBlack,
  decodePng,
  encodePng,
  fitToSize,
  inkBounds,
  isBlack,
  type RgbaImage,
  thresholdRgba,
  wholeOf,
} from './bitmap.ts';
export { type BitmapDiff, diffBitmaps, keepArtifact } from './diff.ts';
export { rasterizePdf } from './pdf-raster.ts';
export { type LabelSize, labelDots, PRINT_DENSITIES, type PrintDpi, rasterizeZpl } from './zpl-raster.ts';
