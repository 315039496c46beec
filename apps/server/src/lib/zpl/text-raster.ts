/**
 * Text as dots, for printers that are sent pictures of text: a ZPL printer's own fonts lack Vietnamese letters
 * (tech notes), so a label's texts go to it as graphic fields drawn from the same DejaVu fonts the PDF embeds,
 * glyph by glyph, laid out by fontkit as PDFKit lays them out. Each glyph is drawn once per size (a canvas fill
 * of its outline) and then copied wherever it recurs: a batch of labels repeats a few hundred glyph shapes.
 */
import { createCanvas, Path2D } from '@napi-rs/canvas';
import { fontNamed, layoutRun } from '../pdf/fonts.ts';
import { type Bitmap, newBitmap, setDot } from './bitmap.ts';

/** A glyph's dots at one size and sub-dot offset, placed from the pen position on the baseline. */
interface GlyphDots {
  /** The first column and row of `dots`, from the pen position and the baseline (rows grow downwards). */
  left: number;
  top: number;
  width: number;
  height: number;
  /** One byte per dot, row by row: 1 is ink. */
  dots: Uint8Array;
}

/** Sizes and pen positions are kept to a quarter dot: finer changes nothing a printer shows. */
const STEPS = 4;
/** Glyph shapes kept at once; a batch needs a few hundred, so the cache starts afresh only on odd input. */
const GLYPH_CACHE_LIMIT = 5_000;
let glyphCount = 0;
const glyphCache = new Map<string, Map<number, GlyphDots>>();
const EMPTY: GlyphDots = { left: 0, top: 0, width: 0, height: 0, dots: new Uint8Array(0) };

function glyphDots(fontName: string, glyphId: number, scale: number, phase: number): GlyphDots {
  // Per font and size, then by glyph and phase as one number: no string built per glyph drawn.
  const sizeKey = `${fontName}\u0000${scale}`;
  let shapes = glyphCache.get(sizeKey);
  if (!shapes) {
    shapes = new Map();
    glyphCache.set(sizeKey, shapes);
  }
  const key = glyphId * STEPS + phase;
  const cached = shapes.get(key);
  if (cached) return cached;
  const glyph = fontNamed(fontName).getGlyph(glyphId);
  const path = glyph.path;
  const box = path.bbox;
  const shift = phase / STEPS;
  const left = Math.floor(box.minX * scale + shift);
  const right = Math.ceil(box.maxX * scale + shift);
  const top = Math.floor(-box.maxY * scale);
  const bottom = Math.ceil(-box.minY * scale);
  let shape = EMPTY;
  if (path.commands.length > 0 && right > left && bottom > top) {
    const width = right - left;
    const height = bottom - top;
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    // Font units (y up) to dots (y down), the glyph's origin at the pen position plus its quarter-dot phase.
    context.setTransform(scale, 0, 0, -scale, shift - left, -top);
    context.fill(new Path2D(path.toSVG()));
    const alpha = context.getImageData(0, 0, width, height).data;
    const dots = new Uint8Array(width * height);
    // Ink where the outline covers at least half the dot, as a rasterised PDF thresholds its grey.
    for (let index = 0; index < dots.length; index++)
      dots[index] = (alpha[index * 4 + 3] ?? 0) >= 128 ? 1 : 0;
    shape = { left, top, width, height, dots };
  }
  if (glyphCount >= GLYPH_CACHE_LIMIT) {
    glyphCache.clear();
    glyphCount = 0;
    shapes = new Map();
    glyphCache.set(sizeKey, shapes);
  }
  shapes.set(key, shape);
  glyphCount++;
  return shape;
}

export interface RasterText {
  text: string;
  font: string;
  /** The font size in points. */
  size: number;
  /** Extra space after each character, in points. */
  spacing?: number;
}

/** A line of text as dots: the bitmap, and where its top-left dot is from the line's top-left corner. */
export interface TextDots {
  bitmap: Bitmap;
  /** Dots left of the line's x (a glyph reaching left of its pen position): 0 or less. */
  left: number;
  /** Dots above the line's top (an accent above the ascent): 0 or less. */
  top: number;
}

/**
 * One line of text at `dotsPerPoint` (dpi / 72), its top where a PDF document puts a line's top (the font's
 * ascent above the baseline). Null when nothing in it leaves ink (spaces only).
 */
export function rasterText(line: RasterText, dotsPerPoint: number): TextDots | null {
  const font = fontNamed(line.font);
  const sizeDots = Math.round(line.size * dotsPerPoint * STEPS) / STEPS;
  const scale = sizeDots / font.unitsPerEm;
  const baseline = Math.round(font.ascent * scale);
  const spacing = (line.spacing ?? 0) * dotsPerPoint;
  const run = layoutRun(line.font, line.text);
  const placed: { shape: GlyphDots; x: number; y: number }[] = [];
  let pen = 0;
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    const at = pen + (position?.xOffset ?? 0) * scale;
    const whole = Math.floor(at);
    const phase = Math.round((at - whole) * STEPS);
    const shape = glyphDots(line.font, glyph.id, scale, phase);
    const x = whole + shape.left;
    const y = baseline - Math.round((position?.yOffset ?? 0) * scale) + shape.top;
    if (shape.width > 0) {
      placed.push({ shape, x, y });
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x + shape.width);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y + shape.height);
    }
    pen += (position?.xAdvance ?? 0) * scale + spacing;
  });
  if (placed.length === 0) return null;
  // The bitmap starts at the line's top (or higher, for a mark above the ascent) and at its x.
  const originX = Math.min(0, minX);
  const originY = Math.min(0, minY);
  const bitmap = newBitmap(maxX - originX, maxY - originY);
  for (const { shape, x, y } of placed) {
    for (let row = 0; row < shape.height; row++) {
      const offset = row * shape.width;
      for (let column = 0; column < shape.width; column++) {
        if (shape.dots[offset + column]) setDot(bitmap, x - originX + column, y - originY + row);
      }
    }
  }
  return { bitmap, left: originX, top: originY };
}
