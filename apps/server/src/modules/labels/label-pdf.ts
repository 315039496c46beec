/**
 * Shipping labels as PDF: one 4x6 inch page per parcel, drawn from the label's layout (label-layout.ts), in
 * one document. Pure: plain data in, PDF bytes out, no database or HTTP.
 *
 * The barcode is drawn as vector rectangles from bwip-js's raw encoding rather than as a PNG per label:
 * 1000 labels take under a second that way and over ten seconds with images (tech notes). Vectors also
 * print sharp at any printer resolution. Texts are set in the embedded DejaVu fonts (lib/pdf/fonts.ts), so
 * Vietnamese names and addresses print with their accents.
 */
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type Doc, streamPdf } from '../../lib/pdf/pdf-stream.ts';
import { drawPlaced, INK } from '../../lib/pdf/text-fit.ts';
import {
  assertCode128,
  LABEL_HEIGHT,
  LABEL_WIDTH,
  type LabelBars,
  type LabelData,
  type LabelLayout,
  layoutLabel,
} from './label-layout.ts';

export interface LabelRenderOptions {
  /** Deflate the page contents (default true). */
  compress?: boolean;
  /** The document's title in its properties (default: the number of labels, or "Labels" for a stream). */
  title?: string;
}

function drawBars(doc: Doc, bars: LabelBars) {
  let x = bars.x;
  for (let index = 0; index < bars.widths.length; index++) {
    const width = (bars.widths[index] ?? 0) * bars.module;
    if (index % 2 === 0) doc.rect(x, bars.y, width, bars.height);
    x += width;
  }
  doc.fillColor(INK).fill();
}

/** Draws a label's layout on the current page. */
export function drawLayout(doc: Doc, layout: LabelLayout): void {
  for (const element of layout.elements) {
    if (element.type === 'rect') {
      doc.rect(element.x, element.y, element.width, element.height);
      if (element.stroke) doc.lineWidth(element.stroke).strokeColor(INK).stroke();
      else doc.fillColor(INK).fill();
    } else if (element.type === 'bars') {
      drawBars(doc, element);
    } else {
      drawPlaced(doc, [element]);
    }
  }
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
      drawLayout(doc, layoutLabel(label));
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
