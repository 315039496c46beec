/**
 * Fitting texts into boxes: shrink a little, wrap onto a few lines, or end in an ellipsis, so a long name or
 * address never runs over its neighbours. Shared by every PDF the product draws (labels, batch reports) and by
 * the label layout that the ZPL labels are drawn from, so they all measure and place text alike. Texts are
 * measured either by a PDF document or by the fonts themselves (`fontWidthAt1`, the same numbers without one).
 */
type Doc = PDFKit.PDFDocument;

/** How wide `text` is in `font` at size 1 (a document's measure, or the fonts' own). */
export type Measurer = (font: string, text: string) => number;
/** Where texts are measured: a PDF document, or a measurer that needs none. */
export type MeasureSource = Doc | Measurer;

export interface TextStyle {
  font: string;
  size: number;
  /** The font may shrink to this size to fit (default: `size`). */
  minSize?: number;
  /** Lines the text may wrap onto (default 1). */
  maxLines?: number;
  color?: string;
  align?: 'left' | 'center' | 'right';
}

/** A text set in its final size and lines, ready to draw. */
export interface SetText {
  lines: string[];
  size: number;
  style: TextStyle;
  height: number;
}

export const INK = '#000000';
const LINE_HEIGHT = 1.16;

/**
 * A text as printed: runs of whitespace (newlines from a pasted address) become one space. Accents stay:
 * the embedded fonts cover Vietnamese. Composed to NFC, because a name typed on a system that sends
 * decomposed letters would otherwise print its accents as separate marks, placed less well by the font.
 */
export function printable(text: string): string {
  const spaced = text.replace(/\s+/g, ' ').trim();
  // Most texts are plain ASCII, composed already: they skip the Unicode tables, on every measurement.
  return /[^\x20-\x7e]/.test(spaced) ? spaced.normalize('NFC') : spaced;
}

type Measure = (text: string) => number;

const isDoc = (source: MeasureSource): source is Doc => typeof source !== 'function';

/**
 * Widths measured per document. Bounded: a batch of 10,000 labels measures a few hundred thousand distinct
 * texts, and a cache that only grows would make memory grow with the batch.
 */
const widthCache = new WeakMap<MeasureSource, Map<string, number>>();
const WIDTH_CACHE_LIMIT = 20_000;

/**
 * How wide texts are in `font` at `size`. Widths grow linearly with the size, so each text is measured (with
 * kerning, which is what costs) once per font at size 1: fitting a text tries many sizes.
 */
function measureIn(source: MeasureSource, font: string, size: number): Measure {
  let widths = widthCache.get(source);
  if (!widths) {
    widths = new Map();
    widthCache.set(source, widths);
  }
  const cache = widths;
  return (text) => {
    const key = `${font}\u0000${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      width = isDoc(source) ? source.font(font).fontSize(1).widthOfString(text) : source(font, text);
      // Starting afresh costs a few re-measurements; the texts of one page are measured again at once.
      if (cache.size >= WIDTH_CACHE_LIMIT) cache.clear();
      cache.set(key, width);
    }
    return width * size;
  };
}

/** Greedy word wrap; a word wider than the line is cut. */
function wrapWords(measure: Measure, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (measure(line) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && measure(line.slice(0, cut)) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

function ellipsize(measure: Measure, text: string, width: number): string {
  if (measure(text) <= width) return text;
  let shown = text;
  while (shown.length > 1 && measure(`${shown}…`) > width) shown = shown.slice(0, -1);
  return `${shown.trimEnd()}…`;
}

/**
 * Sets a text within `width`: on one line if a slightly smaller font allows it, else wrapped onto up to
 * `maxLines` lines, shrinking down to `minSize`; what still does not fit ends in an ellipsis.
 */
export function setText(
  doc: MeasureSource,
  raw: string | null | undefined,
  width: number,
  style: TextStyle,
): SetText | null {
  const text = printable(raw ?? '');
  if (!text) return null;
  const minSize = Math.min(style.minSize ?? style.size, style.size);
  const maxLines = style.maxLines ?? 1;
  const atSize1 = measureIn(doc, style.font, 1)(text);
  // One line, if shrinking by at most 15% (or to the minimum) is enough.
  const oneLineFloor = maxLines > 1 ? Math.max(minSize, style.size * 0.85) : minSize;
  for (let size = style.size; size >= oneLineFloor; size -= 0.5) {
    if (atSize1 * size <= width) return setIn([text], size, style);
  }
  for (let size = style.size; size >= minSize; size -= 0.5) {
    const lines = wrapWords(measureIn(doc, style.font, size), text, width);
    if (lines.length <= maxLines) return setIn(lines, size, style);
  }
  const measure = measureIn(doc, style.font, minSize);
  const wrapped = wrapWords(measure, text, width);
  const lines = wrapped.slice(0, maxLines);
  const last = lines.length - 1;
  // The last line shown stands for the rest of the text too.
  lines[last] = ellipsize(measure, wrapped.slice(last).join(' '), width);
  return setIn(lines, minSize, style);
}

// Module functions rather than closures in the hot paths: tsx keeps function names by redefining each named
// closure's name as it is created, which cost a fifth of a label's time.
function setIn(lines: string[], size: number, style: TextStyle): SetText {
  return { lines, size, style, height: lines.length * size * LINE_HEIGHT };
}

/** One line of a set text, placed: its top-left corner, its size and style. */
export interface PlacedLine {
  text: string;
  x: number;
  /** The top of the line (a PDF document's `text(x, y)`); the baseline is the font's ascent below. */
  y: number;
  size: number;
  font: string;
  color: string;
  /** The line's measured width. */
  width: number;
  /** Extra space after each character (a caption's letter spacing). */
  spacing?: number;
}

/** Places a set text's lines with its top at y within `width`, aligned as its style says. */
export function placeSet(
  source: MeasureSource,
  set: SetText | null,
  x: number,
  y: number,
  width: number,
): PlacedLine[] {
  if (!set) return [];
  const measure = measureIn(source, set.style.font, set.size);
  const align = set.style.align ?? 'left';
  return set.lines.map((line, index) => {
    const textWidth = measure(line);
    const free = width - textWidth;
    return {
      text: line,
      x: x + (align === 'left' ? 0 : align === 'center' ? free / 2 : free),
      y: y + index * set.size * LINE_HEIGHT,
      size: set.size,
      font: set.style.font,
      color: set.style.color ?? INK,
      width: textWidth,
    };
  });
}

/** Draws placed lines on a PDF page. */
export function drawPlaced(doc: Doc, lines: readonly PlacedLine[]): void {
  for (const line of lines) {
    doc.font(line.font).fontSize(line.size).fillColor(line.color);
    // Placed by hand: given a width, pdfkit runs its own line wrapper, which is slower and may wrap a line we
    // measured to fit. The width we know spares pdfkit measuring the line again (shaping is most of a page's
    // cost).
    const options = {
      lineBreak: false,
      textWidth: line.width,
      wordCount: line.text.split(' ').length,
      ...(line.spacing ? { characterSpacing: line.spacing } : {}),
    };
    doc.text(line.text, line.x, line.y, options as PDFKit.Mixins.TextOptions);
  }
}

/** Draws a set text with its top at y; returns the height used. */
export function drawSet(doc: Doc, set: SetText | null, x: number, y: number, width: number): number {
  // Placed first: measuring may change the document's font size.
  drawPlaced(doc, placeSet(doc, set, x, y, width));
  return set?.height ?? 0;
}

/** Sets and draws one text with its top at y; returns the height used. */
export function fitText(
  doc: Doc,
  raw: string | null | undefined,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
): number {
  return drawSet(doc, setText(doc, raw, width, style), x, y, width);
}

/** Sets and places one text with its top at y. */
export function placeText(
  source: MeasureSource,
  raw: string | null | undefined,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
): PlacedLine[] {
  return placeSet(source, setText(source, raw, width, style), x, y, width);
}

export interface BlockItem {
  text: string | null | undefined;
  style: TextStyle;
  gapBefore?: number;
}

function setBlock(doc: MeasureSource, items: BlockItem[], width: number, scale: number) {
  return items.map((item) => ({
    gap: (item.gapBefore ?? 0) * scale,
    set: setText(doc, item.text, width, {
      ...item.style,
      size: item.style.size * scale,
      minSize: (item.style.minSize ?? item.style.size) * scale,
    }),
  }));
}

function blockHeight(block: { gap: number; set: SetText | null }[]) {
  let height = 0;
  for (const { gap, set } of block) if (set) height += gap + set.height;
  return height;
}

/** A block of texts stacked from `top`, scaled down together until the block fits in `height`, placed. */
export function placeBlock(
  source: MeasureSource,
  items: BlockItem[],
  x: number,
  top: number,
  width: number,
  height: number,
): PlacedLine[] {
  let scale = 1;
  let block = setBlock(source, items, width, scale);
  while (blockHeight(block) > height && scale > 0.55) {
    scale -= 0.05;
    block = setBlock(source, items, width, scale);
  }
  const placed: PlacedLine[] = [];
  let y = top;
  for (const { gap, set } of block) {
    if (!set) continue;
    y += gap;
    placed.push(...placeSet(source, set, x, y, width));
    y += set.height;
  }
  return placed;
}
