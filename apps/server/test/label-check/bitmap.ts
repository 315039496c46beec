/**
 * The pictures label checks compare: a black-and-white bitmap in printer dots (what a thermal printer burns),
 * and an RGBA image for what canvases, PNG files and barcode readers exchange.
 */
import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas';

/** Black and white, one byte per dot (1 black, 0 white), rows top to bottom: a label as a printer sees it. */
export interface Bitmap {
  readonly width: number;
  readonly height: number;
  readonly dots: Uint8Array;
}

/** Four bytes (red, green, blue, alpha) per pixel, rows top to bottom: the shape ImageData has. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** A rectangle of dots: its top-left corner and size. */
export interface Area {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The darkness a printer burns a dot at: pixels darker than mid-grey print black. */
const DEFAULT_THRESHOLD = 128;

export function blankBitmap(width: number, height: number): Bitmap {
  return { width, height, dots: new Uint8Array(width * height) };
}

/** The area `bitmap` covers. */
export function wholeOf(bitmap: Bitmap): Area {
  return { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
}

/** Whether the dot at (x, y) is black; dots outside the bitmap are white, as the label stock around it. */
export function isBlack(bitmap: Bitmap, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= bitmap.width || y >= bitmap.height) return false;
  return bitmap.dots[y * bitmap.width + x] === 1;
}

/** How many black dots lie in `area` (default: the whole bitmap). */
export function countBlack(bitmap: Bitmap, area: Area = wholeOf(bitmap)): number {
  let count = 0;
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x; x < area.x + area.width; x++) if (isBlack(bitmap, x, y)) count++;
  }
  return count;
}

/** The smallest area holding every black dot of `area` (default: the whole bitmap); undefined when blank. */
export function inkBounds(bitmap: Bitmap, area: Area = wholeOf(bitmap)): Area | undefined {
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = -1;
  let bottom = -1;
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x; x < area.x + area.width; x++) {
      if (!isBlack(bitmap, x, y)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return right < 0 ? undefined : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * Black where a pixel is darker than `threshold` (0-255). Transparent pixels count as the white paper under
 * them, so a PNG drawn with a transparent background thresholds the same as one painted white.
 */
export function thresholdRgba(image: RgbaImage, threshold = DEFAULT_THRESHOLD): Bitmap {
  const bitmap = blankBitmap(image.width, image.height);
  const { data } = image;
  for (let index = 0; index < bitmap.dots.length; index++) {
    const offset = index * 4;
    const alpha = (data[offset + 3] ?? 0) / 255;
    // Rec. 601 luma: how dark the pixel looks, which is what a printer's dithering would follow.
    const luma =
      0.299 * (data[offset] ?? 0) + 0.587 * (data[offset + 1] ?? 0) + 0.114 * (data[offset + 2] ?? 0);
    const onPaper = luma * alpha + 255 * (1 - alpha);
    if (onPaper < threshold) bitmap.dots[index] = 1;
  }
  return bitmap;
}

export function bitmapToRgba(bitmap: Bitmap): RgbaImage {
  const data = new Uint8ClampedArray(bitmap.width * bitmap.height * 4).fill(255);
  for (let index = 0; index < bitmap.dots.length; index++) {
    if (bitmap.dots[index] !== 1) continue;
    data[index * 4] = 0;
    data[index * 4 + 1] = 0;
    data[index * 4 + 2] = 0;
  }
  return { width: bitmap.width, height: bitmap.height, data };
}

/**
 * `bitmap` cut or extended with white at the right and bottom to exactly width x height, the top-left corner
 * kept where it is (where a printer starts its label), so two renderings can be compared dot for dot.
 */
export function fitToSize(bitmap: Bitmap, width: number, height: number): Bitmap {
  if (bitmap.width === width && bitmap.height === height) return bitmap;
  const fitted = blankBitmap(width, height);
  const rowLength = Math.min(width, bitmap.width);
  for (let y = 0; y < Math.min(height, bitmap.height); y++) {
    const start = y * bitmap.width;
    fitted.dots.set(bitmap.dots.subarray(start, start + rowLength), y * width);
  }
  return fitted;
}

export async function decodePng(png: Uint8Array): Promise<RgbaImage> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, image.width, image.height);
}

/** A PNG of `image`, to keep as a test artifact a person can open. */
export function encodePng(image: Bitmap | RgbaImage): Buffer {
  const rgba = 'dots' in image ? bitmapToRgba(image) : image;
  const canvas = createCanvas(rgba.width, rgba.height);
  canvas.getContext('2d').putImageData(new ImageData(rgba.data, rgba.width, rgba.height), 0, 0);
  return canvas.encodeSync('png');
}
