/**
 * 4x6 inch shipping labels, one page per parcel, in one PDF: service and weight, sender, recipient, order
 * number, date and a Code 128 barcode. Pure: plain data in, PDF bytes out, no database or HTTP.
 *
 * The barcode is drawn as vector rectangles from bwip-js's raw encoding rather than as a PNG per label:
 * 1000 labels take under a second that way and over ten seconds with images (tech notes). Vectors also
 * print sharp at any printer resolution. Texts are set in the embedded DejaVu fonts (lib/pdf/fonts.ts), so
 * Vietnamese names and addresses print with their accents.
 */
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
// The node entry point by name: TypeScript's bundler resolution does not pick the package's "node" condition.
import bwipjs from 'bwip-js/node';
import { BODY_FONT, BOLD_FONT } from '../../lib/pdf/fonts.ts';
import { formatWeightKg } from '../../lib/pdf/pdf-format.ts';
import { type Doc, streamPdf } from '../../lib/pdf/pdf-stream.ts';
import { drawBlock, fitText, INK } from '../../lib/pdf/text-fit.ts';

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
  /** Deflate the page contents (default true). */
  compress?: boolean;
  /** The document's title in its properties (default: the number of labels, or "Labels" for a stream). */
  title?: string;
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

const LABEL_PAGE = { size: [LABEL_WIDTH, LABEL_HEIGHT], margin: 0 };

/**
 * Streams labels as they come as one PDF, a page each. Labels are taken only as fast as the reader takes the
 * pages (backpressure, lib/pdf/pdf-stream.ts): memory stays flat for a batch of any size (10,000 labels keep
 * about 15 MB, PDFKit's page tree) and a slow download slows the drawing. A barcode Code 128 cannot hold, or
 * no label at all, fails the stream; a reader that goes away ends the loop, which returns the iterator, so a
 * database cursor behind it is closed.
 */
export function streamLabelPages(
  labels: Iterable<LabelData> | AsyncIterable<LabelData>,
  options: LabelRenderOptions = {},
): Readable {
  const info = { Title: options.title ?? 'Labels', Creator: 'ParcelOps', Producer: 'ParcelOps' };
  return streamPdf({ ...LABEL_PAGE, compress: options.compress ?? true, info }, async (doc, pace) => {
    let pages = 0;
    for await (const label of labels) {
      if (pages > 0 && !(await pace())) return;
      assertCode128(label.barcode);
      doc.addPage(LABEL_PAGE);
      drawLabel(doc, label);
      pages++;
    }
    if (pages === 0) throw new Error('A label PDF needs at least one label');
  });
}

/**
 * Streams the labels as one PDF, a page each. Unlike a stream of labels, a list is checked whole first:
 * an empty list and barcodes Code 128 cannot hold are refused here, before any byte is produced.
 */
export function streamLabels(labels: readonly LabelData[], options: LabelRenderOptions = {}): Readable {
  if (labels.length === 0) throw new Error('streamLabels needs at least one label');
  for (const label of labels) assertCode128(label.barcode);
  const title = labels.length === 1 ? `Label ${labels[0]?.barcode}` : `${labels.length} labels`;
  return streamLabelPages(labels, { ...options, title: options.title ?? title });
}

/** The labels as one PDF in memory. */
export async function renderLabels(
  labels: readonly LabelData[],
  options: LabelRenderOptions = {},
): Promise<Buffer> {
  return buffer(streamLabels(labels, options));
}
