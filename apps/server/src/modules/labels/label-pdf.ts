/**
 * 4x6 inch shipping labels, one page per parcel, in one PDF: service and weight, sender, recipient, order
 * number, date and a Code 128 barcode. Pure: plain data in, PDF bytes out, no database or HTTP.
 *
 * The barcode is drawn as vector rectangles from bwip-js's raw encoding rather than as a PNG per label:
 * 1000 labels take about half a second that way and over ten seconds with images (tech notes). Vectors also
 * print sharp at any printer resolution.
 */
import type { Readable } from 'node:stream';
// The node entry point by name: TypeScript's bundler resolution does not pick the package's "node" condition.
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

/** 4 x 6 inches in PDF points (72 per inch). */
export const LABEL_WIDTH = 288;
export const LABEL_HEIGHT = 432;
/** The service printed when an order has no shipping partner. */
export const DEFAULT_SERVICE = 'ParcelOps Standard';

export interface LabelAddress {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

export interface LabelSender extends LabelAddress {
  /** The account's name. */
  name: string;
  /** The seller information's name, when it differs from the account's. */
  contact?: string | null;
}

export interface LabelRecipient extends LabelAddress {
  name: string;
  phone?: string | null;
}

export interface LabelData {
  orderNumber: string;
  /** Encoded as Code 128 (printable ASCII). */
  barcode: string;
  weightGrams: number;
  /** The shipping partner; DEFAULT_SERVICE when empty. */
  service?: string | null;
  sender: LabelSender;
  recipient: LabelRecipient;
  date: Date;
}

export interface LabelRenderOptions {
  /** Deflate the page contents (default true); tests turn it off to read the text. */
  compress?: boolean;
}

type Doc = PDFKit.PDFDocument;

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#000000';
const MUTED = '#444444';

/** The frame and its sections, top to bottom (points from the top-left corner). */
const FRAME = { left: 6, top: 6, right: LABEL_WIDTH - 6, bottom: LABEL_HEIGHT - 6 };
const PAD = 8;
const HEADER_BOTTOM = 58;
const FROM_BOTTOM = 122;
const TO_BOTTOM = 276;
const DETAILS_BOTTOM = 314;
const WEIGHT_BOX_LEFT = 190;
const DATE_CELL_LEFT = 176;
const TEXT_LEFT = FRAME.left + PAD;
const TEXT_WIDTH = FRAME.right - PAD - TEXT_LEFT;

/**
 * Helvetica (a PDF standard font) covers Windows-1252 only. A text with anything else is folded to plain
 * letters as a whole (Vietnamese "Nguyễn Văn Đức, Hà Nội" prints "Nguyen Van Duc, Ha Noi", not a mix of
 * accented and bare letters), so a label never shows garbage; what cannot be folded becomes "?". A text
 * Windows-1252 covers ("Café Müller") is kept as it is.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const isWinAnsi = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
};

export function printable(text: string): string {
  const spaced = text.replace(/\s+/g, ' ').trim();
  if ([...spaced].every(isWinAnsi)) return spaced;
  const folded = spaced
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return [...folded].map((char) => (isWinAnsi(char) ? char : '?')).join('');
}

export function formatWeightKg(grams: number): string {
  return `${(grams / 1000).toFixed(2)} KG`;
}

/** YYYY-MM-DD in UTC, as the rest of the API speaks dates. */
export function formatLabelDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const join = (parts: (string | null | undefined)[], separator: string) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(separator);

/** "City, State 12345" on one line, as postal services expect. */
export function cityLine(address: LabelAddress): string {
  return join([join([address.city, address.state], ', '), address.postalCode], ' ');
}

interface TextStyle {
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
interface SetText {
  lines: string[];
  size: number;
  style: TextStyle;
  height: number;
}

const LINE_HEIGHT = 1.16;

type Measure = (text: string) => number;

const widthCache = new WeakMap<Doc, Map<string, number>>();

/**
 * How wide texts are in `font` at `size`. Widths grow linearly with the size, so each text is measured (with
 * kerning, which is what costs) once per font at size 1: fitting a text tries many sizes.
 */
function measureIn(doc: Doc, font: string, size: number): Measure {
  let cache = widthCache.get(doc);
  if (!cache) {
    cache = new Map();
    widthCache.set(doc, cache);
  }
  const widths = cache;
  return (text) => {
    const key = `${font}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = doc.font(font).fontSize(1).widthOfString(text);
      widths.set(key, width);
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
function setText(doc: Doc, raw: string | null | undefined, width: number, style: TextStyle): SetText | null {
  const text = printable(raw ?? '');
  if (!text) return null;
  const minSize = Math.min(style.minSize ?? style.size, style.size);
  const maxLines = style.maxLines ?? 1;
  const done = (lines: string[], size: number): SetText => ({
    lines,
    size,
    style,
    height: lines.length * size * LINE_HEIGHT,
  });
  const atSize1 = measureIn(doc, style.font, 1)(text);
  // One line, if shrinking by at most 15% (or to the minimum) is enough.
  const oneLineFloor = maxLines > 1 ? Math.max(minSize, style.size * 0.85) : minSize;
  for (let size = style.size; size >= oneLineFloor; size -= 0.5) {
    if (atSize1 * size <= width) return done([text], size);
  }
  for (let size = style.size; size >= minSize; size -= 0.5) {
    const lines = wrapWords(measureIn(doc, style.font, size), text, width);
    if (lines.length <= maxLines) return done(lines, size);
  }
  const measure = measureIn(doc, style.font, minSize);
  const wrapped = wrapWords(measure, text, width);
  const lines = wrapped.slice(0, maxLines);
  const last = lines.length - 1;
  // The last line shown stands for the rest of the text too.
  lines[last] = ellipsize(measure, wrapped.slice(last).join(' '), width);
  return done(lines, minSize);
}

/** Draws a set text with its top at y; returns the height used. */
function drawSet(doc: Doc, set: SetText | null, x: number, y: number, width: number): number {
  if (!set) return 0;
  const measure = measureIn(doc, set.style.font, set.size);
  const align = set.style.align ?? 'left';
  // Placed by hand: given a width, pdfkit runs its own line wrapper, which is slower and may wrap a line we
  // measured to fit. Measured first: measuring may change the document's font size.
  const placed = set.lines.map((line) => {
    const textWidth = measure(line);
    const free = width - textWidth;
    return { line, textWidth, dx: align === 'left' ? 0 : align === 'center' ? free / 2 : free };
  });
  doc
    .font(set.style.font)
    .fontSize(set.size)
    .fillColor(set.style.color ?? INK);
  placed.forEach(({ line, textWidth, dx }, index) => {
    // The width we know spares pdfkit measuring the line again (kerning lookups are most of a label's cost).
    const options = { lineBreak: false, textWidth, wordCount: line.split(' ').length };
    doc.text(line, x + dx, y + index * set.size * LINE_HEIGHT, options as PDFKit.Mixins.TextOptions);
  });
  return set.height;
}

/** Sets and draws one text; returns the height used. */
function fitText(
  doc: Doc,
  raw: string | null | undefined,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
) {
  return drawSet(doc, setText(doc, raw, width, style), x, y, width);
}

/** A block of texts stacked from `top`, scaled down together until the block fits in `height`. */
function drawBlock(
  doc: Doc,
  items: { text: string | null | undefined; style: TextStyle; gapBefore?: number }[],
  x: number,
  top: number,
  width: number,
  height: number,
) {
  const scaled = (scale: number) =>
    items.map((item) => ({
      gap: (item.gapBefore ?? 0) * scale,
      set: setText(doc, item.text, width, {
        ...item.style,
        size: item.style.size * scale,
        minSize: (item.style.minSize ?? item.style.size) * scale,
      }),
    }));
  const heightOf = (block: ReturnType<typeof scaled>) =>
    block.reduce((sum, { gap, set }) => sum + (set ? gap + set.height : 0), 0);
  let scale = 1;
  let block = scaled(scale);
  while (heightOf(block) > height && scale > 0.55) {
    scale -= 0.05;
    block = scaled(scale);
  }
  let y = top;
  for (const { gap, set } of block) {
    if (!set) continue;
    y += gap;
    y += drawSet(doc, set, x, y, width);
  }
}

function caption(doc: Doc, text: string, x: number, y: number, color = MUTED) {
  doc.font(BOLD).fontSize(7).fillColor(color).text(text, x, y, { lineBreak: false, characterSpacing: 0.8 });
}

function hLine(doc: Doc, y: number, width = 1) {
  doc.moveTo(FRAME.left, y).lineTo(FRAME.right, y).lineWidth(width).strokeColor(INK).stroke();
}

function vLine(doc: Doc, x: number, top: number, bottom: number) {
  doc.moveTo(x, top).lineTo(x, bottom).lineWidth(1).strokeColor(INK).stroke();
}

/** Code 128 holds ASCII; bwip-js would quietly mangle anything else rather than refuse it. */
function assertCode128(text: string) {
  if (!/^[\x20-\x7e]+$/.test(text)) {
    throw new Error(
      `The barcode ${JSON.stringify(text)} cannot be encoded as Code 128 (printable ASCII only)`,
    );
  }
}

/** The bar and space widths of `text` in Code 128, in modules (bar first). */
export function code128Modules(text: string): number[] {
  assertCode128(text);
  let symbol: { sbs?: number[] }[];
  try {
    symbol = bwipjs.raw('code128', text, {}) as { sbs?: number[] }[];
  } catch (error) {
    throw new Error(`The barcode ${JSON.stringify(text)} cannot be encoded as Code 128: ${String(error)}`);
  }
  const bars = symbol[0]?.sbs;
  if (!bars) throw new Error(`bwip-js returned no bars for ${JSON.stringify(text)}`);
  return bars;
}

/** Draws the barcode's bars as filled rectangles, centred in [left, right] with a 10-module quiet zone. */
function drawBarcode(doc: Doc, text: string, left: number, right: number, top: number, height: number) {
  const modules = code128Modules(text);
  const total = modules.reduce((sum, width) => sum + width, 0);
  // Wider modules scan more reliably; 2 pt (about 5.6 dots at 203 dpi) is plenty for a 4 inch label.
  const module = Math.min(2, (right - left) / (total + 20));
  let x = left + (right - left - total * module) / 2;
  for (let index = 0; index < modules.length; index++) {
    const width = (modules[index] ?? 0) * module;
    if (index % 2 === 0) doc.rect(x, top, width, height);
    x += width;
  }
  doc.fillColor(INK).fill();
}

function drawLabel(doc: Doc, label: LabelData) {
  const left = TEXT_LEFT;

  // Frame and section rules.
  doc
    .rect(FRAME.left, FRAME.top, FRAME.right - FRAME.left, FRAME.bottom - FRAME.top)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();
  hLine(doc, HEADER_BOTTOM, 1.5);
  hLine(doc, FROM_BOTTOM);
  hLine(doc, TO_BOTTOM, 1.5);
  hLine(doc, DETAILS_BOTTOM, 1.5);
  vLine(doc, DATE_CELL_LEFT, TO_BOTTOM, DETAILS_BOTTOM);

  // Header: brand and service on the left, the weight reversed out of a black box on the right.
  fitText(doc, 'PARCELOPS', left, FRAME.top + 9, WEIGHT_BOX_LEFT - left - PAD, { font: BOLD, size: 19 });
  fitText(doc, label.service?.trim() || DEFAULT_SERVICE, left, FRAME.top + 33, WEIGHT_BOX_LEFT - left - PAD, {
    font: BOLD,
    size: 10,
    minSize: 7,
    color: MUTED,
  });
  doc
    .rect(WEIGHT_BOX_LEFT, FRAME.top, FRAME.right - WEIGHT_BOX_LEFT, HEADER_BOTTOM - FRAME.top)
    .fillColor(INK)
    .fill();
  const boxWidth = FRAME.right - WEIGHT_BOX_LEFT - 2 * PAD;
  fitText(doc, 'WEIGHT', WEIGHT_BOX_LEFT + PAD, FRAME.top + 9, boxWidth, {
    font: BOLD,
    size: 7,
    color: '#ffffff',
    align: 'center',
  });
  fitText(doc, formatWeightKg(label.weightGrams), WEIGHT_BOX_LEFT + PAD, FRAME.top + 23, boxWidth, {
    font: BOLD,
    size: 19,
    minSize: 12,
    color: '#ffffff',
    align: 'center',
  });

  // FROM: the account, then the seller's contact and address, small.
  const sender = label.sender;
  caption(doc, 'FROM', left, HEADER_BOTTOM + 6);
  const small = { font: REGULAR, size: 8.5, minSize: 6.5 };
  drawBlock(
    doc,
    [
      { text: sender.name, style: { font: BOLD, size: 10, minSize: 7 } },
      { text: sender.contact, style: small },
      { text: join([sender.address1, sender.address2], ', '), style: small },
      { text: join([cityLine(sender), sender.country], ', '), style: small },
    ],
    left,
    HEADER_BOTTOM + 16,
    TEXT_WIDTH,
    FROM_BOTTOM - HEADER_BOTTOM - 19,
  );

  // SHIP TO: the recipient, large; long names and addresses wrap, and the block shrinks only if it must.
  const recipient = label.recipient;
  caption(doc, 'SHIP TO', left, FROM_BOTTOM + 6, INK);
  const phone = recipient.phone?.trim() ? `Tel: ${recipient.phone}` : null;
  const addressLine = { font: REGULAR, size: 14, minSize: 9, maxLines: 2 };
  drawBlock(
    doc,
    [
      { text: recipient.name, style: { font: BOLD, size: 18, minSize: 11, maxLines: 2 } },
      { text: phone, style: { font: REGULAR, size: 10.5, minSize: 8 }, gapBefore: 1 },
      { text: recipient.address1, style: addressLine, gapBefore: 5 },
      { text: recipient.address2, style: addressLine },
      { text: cityLine(recipient), style: { font: BOLD, size: 15, minSize: 9, maxLines: 2 } },
      { text: recipient.country?.toUpperCase(), style: { font: BOLD, size: 17, minSize: 10 }, gapBefore: 1 },
    ],
    left,
    FROM_BOTTOM + 18,
    TEXT_WIDTH,
    TO_BOTTOM - FROM_BOTTOM - 22,
  );

  // Order number and date.
  caption(doc, 'ORDER NO.', left, TO_BOTTOM + 6);
  fitText(doc, label.orderNumber, left, TO_BOTTOM + 16, DATE_CELL_LEFT - left - PAD, {
    font: BOLD,
    size: 13,
    minSize: 8,
    maxLines: 2,
  });
  caption(doc, 'DATE', DATE_CELL_LEFT + PAD, TO_BOTTOM + 6);
  fitText(
    doc,
    formatLabelDate(label.date),
    DATE_CELL_LEFT + PAD,
    TO_BOTTOM + 17,
    FRAME.right - DATE_CELL_LEFT - 2 * PAD,
    {
      font: BOLD,
      size: 13,
      minSize: 8,
    },
  );

  // The barcode, with its text under it for people and for scanners that fail to read the bars.
  const barsTop = DETAILS_BOTTOM + 12;
  const barsHeight = 68;
  drawBarcode(doc, label.barcode, FRAME.left + 4, FRAME.right - 4, barsTop, barsHeight);
  fitText(
    doc,
    label.barcode,
    FRAME.left + PAD,
    barsTop + barsHeight + 6,
    FRAME.right - FRAME.left - 2 * PAD,
    {
      font: BOLD,
      size: 12,
      minSize: 7,
      align: 'center',
    },
  );
}

/** Pages drawn between turns of the event loop: about 10 ms of work, so a big batch never stalls the server. */
const PAGES_PER_TURN = 20;

async function drawPages(doc: Doc, labels: readonly LabelData[]) {
  const stream = doc as unknown as Readable;
  try {
    for (const [index, label] of labels.entries()) {
      if (index > 0 && index % PAGES_PER_TURN === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        // The reader went away (a client that closed the download): stop drawing.
        if (stream.destroyed) return;
      }
      doc.addPage({ size: [LABEL_WIDTH, LABEL_HEIGHT], margin: 0 });
      drawLabel(doc, label);
    }
    doc.end();
  } catch (error) {
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Streams the labels as one PDF, a page each; the bytes flow as pages are drawn, a slice of pages per turn
 * of the event loop (1000 labels take about half a second of work). Barcodes Code 128 cannot hold are
 * refused here, before any byte is produced.
 */
export function streamLabels(labels: readonly LabelData[], options: LabelRenderOptions = {}): Readable {
  if (labels.length === 0) throw new Error('streamLabels needs at least one label');
  for (const label of labels) assertCode128(label.barcode);
  const doc = new PDFDocument({
    size: [LABEL_WIDTH, LABEL_HEIGHT],
    margin: 0,
    autoFirstPage: false,
    compress: options.compress ?? true,
    info: {
      Title: labels.length === 1 ? `Label ${labels[0]?.barcode}` : `${labels.length} labels`,
      Creator: 'ParcelOps',
      Producer: 'ParcelOps',
    },
  });
  void drawPages(doc, labels);
  return doc;
}

/** The labels as one PDF in memory. */
export async function renderLabels(
  labels: readonly LabelData[],
  options: LabelRenderOptions = {},
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of streamLabels(labels, options)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
