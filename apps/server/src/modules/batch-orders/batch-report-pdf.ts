/**
 * The batch order report: one PDF that sums a batch up (who, when, totals, orders per status) and lists its
 * orders in a table running over as many A4 pages as it needs, the header row repeated on each. Pure: plain
 * data in, PDF bytes out. The orders come as an iterable and are drawn a page at a time as the reader takes
 * the bytes (lib/pdf/pdf-stream.ts), so a batch of 50,000 orders is never held in memory.
 */
import type { Readable } from 'node:stream';
import { BODY_FONT, BOLD_FONT } from '../../lib/pdf/fonts.ts';
import {
  formatKg,
  formatUtcMinute,
  formatVnd,
  formatWeightKg,
  formatWhole,
} from '../../lib/pdf/pdf-format.ts';
import { type Doc, type Pace, streamPdf } from '../../lib/pdf/pdf-stream.ts';
import { drawSet, fitText, setText, type TextStyle } from '../../lib/pdf/text-fit.ts';

export interface BatchReportOrder {
  orderNumber: string;
  barcode: string;
  /** The customer's name. */
  name: string;
  city?: string | null;
  state?: string | null;
  /** Chargeable weight. */
  weightGrams: number;
  /** What the order was charged, VND. */
  vnd: number;
  statusLabel: string;
}

export interface BatchReportInput {
  batch: {
    sid: string;
    name: string;
    accountName: string;
    statusLabel: string;
    createdAt: Date;
    finishedAt: Date | null;
  };
  totals: {
    orders: number;
    weightGrams: number;
    chargeVnd: number;
    byStatus: { label: string; count: number }[];
  };
  /** In the order they are listed; read one page of rows at a time. */
  orders: AsyncIterable<BatchReportOrder> | Iterable<BatchReportOrder>;
}

/** A4 portrait, in points. */
const PAGE = { size: [595.28, 841.89], margin: 0 };
const PAGE_HEIGHT = 841.89;
const MARGIN = 40;
const CONTENT_WIDTH = 595.28 - 2 * MARGIN;
/** Rows stop above the footer. */
const CONTENT_BOTTOM = PAGE_HEIGHT - 48;
const FOOTER_TOP = PAGE_HEIGHT - 30;

const MUTED = '#555555';
const RULE = '#999999';
const SHADE = '#eeeeee';
const STRIPE = '#f6f6f6';
const CELL_PAD = 4;
const ROW_HEIGHT = 14;
const HEADER_ROW_HEIGHT = 22;

/** Rows of the order table on each page after the first (the first also holds the summary). */
export const REPORT_ROWS_PER_PAGE = Math.floor((CONTENT_BOTTOM - MARGIN - HEADER_ROW_HEIGHT) / ROW_HEIGHT);

interface Column {
  title: string;
  width: number;
  align?: 'right';
  cell: (order: BatchReportOrder) => string;
}

const place = (order: BatchReportOrder) =>
  [order.city, order.state]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');

const COLUMNS: Column[] = [
  { title: 'Order number', width: 80, cell: (order) => order.orderNumber },
  { title: 'Barcode', width: 74, cell: (order) => order.barcode },
  { title: 'Customer', width: 100, cell: (order) => order.name },
  { title: 'City / State', width: 84, cell: place },
  { title: 'Weight (KG)', width: 50, align: 'right', cell: (order) => formatKg(order.weightGrams) },
  { title: 'Charge (VND)', width: 62, align: 'right', cell: (order) => formatWhole(order.vnd) },
  { title: 'Status', width: CONTENT_WIDTH - 450, cell: (order) => order.statusLabel },
];

const CELL: TextStyle = { font: BODY_FONT, size: 7.5, minSize: 6 };
const HEAD: TextStyle = { font: BOLD_FONT, size: 7.5, minSize: 6.5, maxLines: 2 };

/** Where the drawing is: the page, and how far down it. */
interface Cursor {
  doc: Doc;
  pace: Pace;
  batch: BatchReportInput['batch'];
  page: number;
  y: number;
}

/** Starts the next page with its footer; false when the reader has gone. */
async function nextPage(cursor: Cursor): Promise<boolean> {
  if (cursor.page > 0 && !(await cursor.pace())) return false;
  const { doc, batch } = cursor;
  doc.addPage(PAGE);
  cursor.page++;
  cursor.y = MARGIN;
  doc
    .moveTo(MARGIN, FOOTER_TOP - 6)
    .lineTo(MARGIN + CONTENT_WIDTH, FOOTER_TOP - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  const small = { font: BODY_FONT, size: 7.5, color: MUTED };
  fitText(doc, `${batch.name} · ${batch.sid}`, MARGIN, FOOTER_TOP, CONTENT_WIDTH - 80, small);
  fitText(doc, `Page ${cursor.page}`, MARGIN + CONTENT_WIDTH - 80, FOOTER_TOP, 80, {
    ...small,
    align: 'right',
  });
  return true;
}

function heading(cursor: Cursor, text: string) {
  fitText(cursor.doc, text, MARGIN, cursor.y, CONTENT_WIDTH, { font: BOLD_FONT, size: 11 });
  cursor.y += 18;
}

/** Label and value pairs, two columns of them. */
function drawDetails(cursor: Cursor, pairs: [string, string][]) {
  const half = CONTENT_WIDTH / 2;
  const labelWidth = 64;
  pairs.forEach(([label, value], index) => {
    const x = MARGIN + (index % 2) * half;
    const y = cursor.y + Math.floor(index / 2) * 16;
    fitText(cursor.doc, label, x, y, labelWidth, { font: BODY_FONT, size: 9, color: MUTED });
    fitText(cursor.doc, value, x + labelWidth, y, half - labelWidth - 12, {
      font: BOLD_FONT,
      size: 9,
      minSize: 7,
    });
  });
  cursor.y += Math.ceil(pairs.length / 2) * 16 + 10;
}

/** The totals as three boxes side by side. */
function drawTotals(cursor: Cursor, totals: BatchReportInput['totals']) {
  const { doc } = cursor;
  const boxes: [string, string][] = [
    ['Orders', formatWhole(totals.orders)],
    ['Total chargeable weight', formatWeightKg(totals.weightGrams)],
    ['Total charge', formatVnd(totals.chargeVnd)],
  ];
  const gap = 10;
  const width = (CONTENT_WIDTH - gap * (boxes.length - 1)) / boxes.length;
  boxes.forEach(([label, value], index) => {
    const x = MARGIN + index * (width + gap);
    doc.rect(x, cursor.y, width, 44).lineWidth(0.75).strokeColor(RULE).stroke();
    fitText(doc, label, x + 8, cursor.y + 7, width - 16, { font: BODY_FONT, size: 8, color: MUTED });
    fitText(doc, value, x + 8, cursor.y + 20, width - 16, { font: BOLD_FONT, size: 15, minSize: 9 });
  });
  cursor.y += 44 + 18;
}

/** Orders per status, a row each, on further pages if a long list needs them. */
async function drawByStatus(cursor: Cursor, byStatus: BatchReportInput['totals']['byStatus']) {
  if (byStatus.length === 0) return true;
  heading(cursor, 'Orders by status');
  const width = 240;
  for (const { label, count } of byStatus) {
    if (cursor.y + ROW_HEIGHT > CONTENT_BOTTOM && !(await nextPage(cursor))) return false;
    fitText(cursor.doc, label, MARGIN + CELL_PAD, cursor.y + 3, width - 90, { ...CELL, size: 9 });
    fitText(cursor.doc, formatWhole(count), MARGIN + width - 90, cursor.y + 3, 90 - CELL_PAD, {
      ...CELL,
      size: 9,
      align: 'right',
    });
    cursor.y += ROW_HEIGHT;
    cursor.doc
      .moveTo(MARGIN, cursor.y)
      .lineTo(MARGIN + width, cursor.y)
      .lineWidth(0.5)
      .strokeColor(SHADE)
      .stroke();
  }
  cursor.y += 18;
  return true;
}

/** Draws a row's cells, each centred in the row's height: a text set smaller stays level with the others. */
function drawCells(cursor: Cursor, texts: string[], style: TextStyle, height: number) {
  let x = MARGIN;
  COLUMNS.forEach((column, index) => {
    const width = column.width - 2 * CELL_PAD;
    const set = setText(cursor.doc, texts[index], width, { ...style, align: column.align });
    if (set) drawSet(cursor.doc, set, x + CELL_PAD, cursor.y + (height - set.height) / 2 + 0.5, width);
    x += column.width;
  });
  cursor.y += height;
}

function drawHeaderRow(cursor: Cursor) {
  cursor.doc.rect(MARGIN, cursor.y, CONTENT_WIDTH, HEADER_ROW_HEIGHT).fillColor(SHADE).fill();
  drawCells(
    cursor,
    COLUMNS.map((column) => column.title),
    HEAD,
    HEADER_ROW_HEIGHT,
  );
}

function drawRow(cursor: Cursor, order: BatchReportOrder, index: number) {
  // Every other row shaded, so the eye keeps to a row across a wide table.
  if (index % 2 === 1) cursor.doc.rect(MARGIN, cursor.y, CONTENT_WIDTH, ROW_HEIGHT).fillColor(STRIPE).fill();
  drawCells(
    cursor,
    COLUMNS.map((column) => column.cell(order)),
    CELL,
    ROW_HEIGHT,
  );
}

async function drawReport(doc: Doc, pace: Pace, input: BatchReportInput) {
  const { batch, totals } = input;
  const cursor: Cursor = { doc, pace, batch, page: 0, y: 0 };
  await nextPage(cursor);

  fitText(doc, 'Batch order report', MARGIN, cursor.y, CONTENT_WIDTH, {
    font: BODY_FONT,
    size: 10,
    color: MUTED,
  });
  cursor.y += 15;
  const title = { font: BOLD_FONT, size: 20, minSize: 12, maxLines: 2 };
  cursor.y += fitText(doc, batch.name, MARGIN, cursor.y, CONTENT_WIDTH, title) + 12;
  drawDetails(cursor, [
    // Left column: which batch; right column: when.
    ['Batch SID', batch.sid],
    ['Created', formatUtcMinute(batch.createdAt)],
    ['Account', batch.accountName],
    ['Finished', batch.finishedAt ? formatUtcMinute(batch.finishedAt) : 'Not finished'],
    ['Status', batch.statusLabel],
  ]);
  drawTotals(cursor, totals);
  if (!(await drawByStatus(cursor, totals.byStatus))) return;

  heading(cursor, 'Orders');
  if (cursor.y + HEADER_ROW_HEIGHT + ROW_HEIGHT > CONTENT_BOTTOM && !(await nextPage(cursor))) return;
  drawHeaderRow(cursor);
  let listed = 0;
  for await (const order of input.orders) {
    if (cursor.y + ROW_HEIGHT > CONTENT_BOTTOM) {
      if (!(await nextPage(cursor))) return;
      drawHeaderRow(cursor);
    }
    drawRow(cursor, order, listed++);
  }
  if (listed === 0) fitText(doc, 'No orders.', MARGIN + CELL_PAD, cursor.y + 4, CONTENT_WIDTH, CELL);
}

/**
 * The batch's report as a streamed PDF. The orders are read as pages are drawn and only as fast as the
 * reader takes them; an error while reading them (or a date that is not one) fails the stream.
 */
export function renderBatchReport(input: BatchReportInput): Readable {
  const info = {
    Title: `Batch ${input.batch.name}`,
    Subject: `Batch order ${input.batch.sid}`,
    Creator: 'ParcelOps',
    Producer: 'ParcelOps',
  };
  return streamPdf({ ...PAGE, info }, (doc, pace) => drawReport(doc, pace, input));
}
