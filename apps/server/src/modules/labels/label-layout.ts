/**
 * The 4x6 inch shipping label as geometry, in one place for every format (issue 33): service and weight,
 * sender, recipient, order number, date and a Code 128 barcode, as boxes, placed text lines and bars, in PDF
 * points (72 per inch) from the label's top-left corner. The PDF renderer (label-pdf.ts) and the ZPL renderer
 * (label-zpl.ts) only draw what this says, so a label looks the same whichever way it is printed; a new format
 * is a renderer, not a second layout. Pure: plain data in, geometry out. Texts are measured with the fonts
 * themselves (DejaVu, which covers Vietnamese), fitted by lib/pdf/text-fit.ts.
 */
// The node entry point by name: TypeScript's bundler resolution does not pick the package's "node" condition.
import bwipjs from 'bwip-js/node';
import { BODY_FONT, BOLD_FONT, fontWidthAt1, withinFonts } from '../../lib/pdf/fonts.ts';
import { formatWeightKg } from '../../lib/pdf/pdf-format.ts';
import { INK, type PlacedLine, placeBlock, placeText, type TextStyle } from '../../lib/pdf/text-fit.ts';

/** 4 x 6 inches in PDF points (72 per inch). */
export const LABEL_WIDTH = 288;
export const LABEL_HEIGHT = 432;
/** The service printed when an order has no shipping partner. */
export const DEFAULT_SERVICE = 'ParcelOps Standard';
/** Text reversed out of a black box (the weight). */
export const WHITE = '#ffffff';

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

/** A box: filled black, or outlined with a line of `stroke` points centred on its edges. */
export interface LabelRect {
  type: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  stroke?: number;
}

export interface LabelText extends PlacedLine {
  type: 'text';
}

/** A barcode's bars: `widths` alternate bar and space, in modules of `module` points, from `x`. */
export interface LabelBars {
  type: 'bars';
  x: number;
  y: number;
  height: number;
  module: number;
  widths: number[];
}

export type LabelElement = LabelRect | LabelText | LabelBars;

export interface LabelLayout {
  width: number;
  height: number;
  elements: LabelElement[];
}

const REGULAR = BODY_FONT;
const BOLD = BOLD_FONT;
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
const BARS_TOP = DETAILS_BOTTOM + 12;
const BARS_HEIGHT = 68;

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

/** Code 128 holds printable ASCII; bwip-js would quietly mangle anything else rather than refuse it. */
export function assertCode128(text: string): void {
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

/** The barcode's bars centred in [left, right] with a 10-module quiet zone each side. */
function barsOf(text: string, left: number, right: number, top: number, height: number): LabelBars {
  const widths = code128Modules(text);
  const total = widths.reduce((sum, width) => sum + width, 0);
  // Wider modules scan more reliably; 2 pt (about 5.6 dots at 203 dpi) is plenty for a 4 inch label.
  const module = Math.min(2, (right - left) / (total + 20));
  return { type: 'bars', x: left + (right - left - total * module) / 2, y: top, height, module, widths };
}

/** A rule across the frame (or down it), as a box as thick as the line, centred on `at`. */
const hRule = (y: number, width = 1): LabelRect => ({
  type: 'rect',
  x: FRAME.left,
  y: y - width / 2,
  width: FRAME.right - FRAME.left,
  height: width,
});
const vRule = (x: number, top: number, bottom: number): LabelRect => ({
  type: 'rect',
  x: x - 0.5,
  y: top,
  width: 1,
  height: bottom - top,
});

const texts = (lines: PlacedLine[]): LabelText[] => lines.map((line) => ({ type: 'text', ...line }));

/** A section's caption: small bold capitals, spaced. */
function caption(text: string, x: number, y: number, color = MUTED): LabelText[] {
  const size = 7;
  const spacing = 0.8;
  const width = fontWidthAt1(BOLD, text) * size + spacing * text.length;
  return [{ type: 'text', text, x, y, size, font: BOLD, color, width, spacing }];
}

const fit = (raw: string | null | undefined, x: number, y: number, width: number, style: TextStyle) =>
  texts(placeText(fontWidthAt1, raw, x, y, width, style));

/** The label's texts with only the characters the fonts can draw: an emoji in an address is left out. */
function drawable(label: LabelData): LabelData {
  const clean = <T extends object>(fields: T): T =>
    Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [
        key,
        typeof value === 'string' ? withinFonts(value) : value,
      ]),
    ) as T;
  return { ...clean(label), sender: clean(label.sender), recipient: clean(label.recipient) };
}

/** The label's geometry. Throws when the barcode cannot be encoded as Code 128. */
export function layoutLabel(data: LabelData): LabelLayout {
  const label = drawable(data);
  const left = TEXT_LEFT;
  const elements: LabelElement[] = [
    // Frame and section rules.
    {
      type: 'rect',
      x: FRAME.left,
      y: FRAME.top,
      width: FRAME.right - FRAME.left,
      height: FRAME.bottom - FRAME.top,
      stroke: 1.5,
    },
    hRule(HEADER_BOTTOM, 1.5),
    hRule(FROM_BOTTOM),
    hRule(TO_BOTTOM, 1.5),
    hRule(DETAILS_BOTTOM, 1.5),
    vRule(DATE_CELL_LEFT, TO_BOTTOM, DETAILS_BOTTOM),
  ];

  // Header: brand and service on the left, the weight reversed out of a black box on the right.
  const headerWidth = WEIGHT_BOX_LEFT - left - PAD;
  elements.push(...fit('PARCELOPS', left, FRAME.top + 9, headerWidth, { font: BOLD, size: 19 }));
  elements.push(
    ...fit(label.service?.trim() || DEFAULT_SERVICE, left, FRAME.top + 33, headerWidth, {
      font: BOLD,
      size: 10,
      minSize: 7,
      color: MUTED,
    }),
  );
  elements.push({
    type: 'rect',
    x: WEIGHT_BOX_LEFT,
    y: FRAME.top,
    width: FRAME.right - WEIGHT_BOX_LEFT,
    height: HEADER_BOTTOM - FRAME.top,
  });
  const boxLeft = WEIGHT_BOX_LEFT + PAD;
  const boxWidth = FRAME.right - WEIGHT_BOX_LEFT - 2 * PAD;
  const onBox = { font: BOLD, color: WHITE, align: 'center' } as const;
  elements.push(...fit('WEIGHT', boxLeft, FRAME.top + 9, boxWidth, { ...onBox, size: 7 }));
  elements.push(
    ...fit(formatWeightKg(label.weightGrams), boxLeft, FRAME.top + 23, boxWidth, {
      ...onBox,
      size: 19,
      minSize: 12,
    }),
  );

  // FROM: the account, then the seller's contact and address, small.
  const sender = label.sender;
  elements.push(...caption('FROM', left, HEADER_BOTTOM + 6));
  const small = { font: REGULAR, size: 8.5, minSize: 6.5 };
  elements.push(
    ...texts(
      placeBlock(
        fontWidthAt1,
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
      ),
    ),
  );

  // SHIP TO: the recipient, large; long names and addresses wrap, and the block shrinks only if it must.
  const recipient = label.recipient;
  elements.push(...caption('SHIP TO', left, FROM_BOTTOM + 6, INK));
  const phone = recipient.phone?.trim() ? `Tel: ${recipient.phone}` : null;
  const addressLine = { font: REGULAR, size: 14, minSize: 9, maxLines: 2 };
  elements.push(
    ...texts(
      placeBlock(
        fontWidthAt1,
        [
          { text: recipient.name, style: { font: BOLD, size: 18, minSize: 11, maxLines: 2 } },
          { text: phone, style: { font: REGULAR, size: 10.5, minSize: 8 }, gapBefore: 1 },
          { text: recipient.address1, style: addressLine, gapBefore: 5 },
          { text: recipient.address2, style: addressLine },
          { text: cityLine(recipient), style: { font: BOLD, size: 15, minSize: 9, maxLines: 2 } },
          {
            text: recipient.country?.toUpperCase(),
            style: { font: BOLD, size: 17, minSize: 10 },
            gapBefore: 1,
          },
        ],
        left,
        FROM_BOTTOM + 18,
        TEXT_WIDTH,
        TO_BOTTOM - FROM_BOTTOM - 22,
      ),
    ),
  );

  // Order number and date.
  elements.push(...caption('ORDER NO.', left, TO_BOTTOM + 6));
  elements.push(
    ...fit(label.orderNumber, left, TO_BOTTOM + 16, DATE_CELL_LEFT - left - PAD, {
      font: BOLD,
      size: 13,
      minSize: 8,
      maxLines: 2,
    }),
  );
  elements.push(...caption('DATE', DATE_CELL_LEFT + PAD, TO_BOTTOM + 6));
  elements.push(
    ...fit(
      formatLabelDate(label.date),
      DATE_CELL_LEFT + PAD,
      TO_BOTTOM + 17,
      FRAME.right - DATE_CELL_LEFT - 2 * PAD,
      { font: BOLD, size: 13, minSize: 8 },
    ),
  );

  // The barcode, with its text under it for people and for scanners that fail to read the bars.
  elements.push(barsOf(label.barcode, FRAME.left + 4, FRAME.right - 4, BARS_TOP, BARS_HEIGHT));
  elements.push(
    ...fit(label.barcode, FRAME.left + PAD, BARS_TOP + BARS_HEIGHT + 6, FRAME.right - FRAME.left - 2 * PAD, {
      font: BOLD,
      size: 12,
      minSize: 7,
      align: 'center',
    }),
  );
  return { width: LABEL_WIDTH, height: LABEL_HEIGHT, elements };
}
