/**
 * Shipping labels as ZPL II for thermal printers (issue 33), drawn from the same layout as the PDF
 * (label-layout.ts) at 203 or 300 dpi: boxes and rules as `^GB` boxes, the barcode's bars as boxes from the
 * same Code 128 modules (so it has the PDF's width at either resolution), and every text as a graphic field
 * (`^GFA`) drawn from the DejaVu fonts, so Vietnamese names print with their accents on any ZPL printer, with
 * no font to download. A stream of labels is one `^XA…^XZ` after another, written as the labels are read.
 * Pure: plain data in, ZPL text out; nothing is sent anywhere to be rendered.
 */
import { Readable } from 'node:stream';
import { rasterText } from '../../lib/zpl/text-raster.ts';
import { graphicField } from '../../lib/zpl/zpl-graphic.ts';
import {
  assertCode128,
  type LabelBars,
  type LabelData,
  type LabelLayout,
  type LabelRect,
  type LabelText,
  layoutLabel,
  WHITE,
} from './label-layout.ts';

/** The resolutions thermal printers come in, as they are sold: 203 and 300 dpi. */
export const ZPL_DPIS = [203, 300] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];
/**
 * Their true dots per inch: 8 and 12 dots a millimetre. A 4x6 inch label is 812x1218 dots at "203" and
 * 1218x1827 at "300" (Zebra's own figures), so the 300 dpi label is drawn at 304.5.
 */
const DOTS_PER_INCH: Record<ZplDpi, number> = { 203: 203, 300: 304.5 };

/** A box in dots: ZPL draws a `^GB`'s border inside the box, filled when the border is as thick as it. */
function box(x: number, y: number, width: number, height: number, thickness: number): string {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  return `^FO${x},${y}^GB${w},${h},${Math.max(1, Math.min(thickness, w, h))}^FS`;
}

function rectZpl(rect: LabelRect, scale: number): string {
  const grow = (rect.stroke ?? 0) / 2;
  const left = Math.round((rect.x - grow) * scale);
  const top = Math.round((rect.y - grow) * scale);
  const right = Math.round((rect.x + rect.width + grow) * scale);
  const bottom = Math.round((rect.y + rect.height + grow) * scale);
  const thickness = rect.stroke ? Math.round(rect.stroke * scale) : Math.min(right - left, bottom - top);
  return box(left, top, right - left, bottom - top, thickness);
}

/** Each bar from its rounded edges: the bars keep the PDF's widths to half a dot, and the barcode its length. */
function barsZpl(bars: LabelBars, scale: number): string {
  let out = '';
  let x = bars.x;
  const top = Math.round(bars.y * scale);
  const height = Math.round((bars.y + bars.height) * scale) - top;
  for (let index = 0; index < bars.widths.length; index++) {
    const end = x + (bars.widths[index] ?? 0) * bars.module;
    if (index % 2 === 0) {
      const left = Math.round(x * scale);
      const width = Math.round(end * scale) - left;
      out += box(left, top, width, height, width);
    }
    x = end;
  }
  return out;
}

/** A text's graphic field and where it starts from the text's corner, kept for the lines a batch repeats. */
interface TextField {
  field: string;
  left: number;
  top: number;
}
const textFields = new Map<string, TextField | null>();
/** Fields kept: the captions, the sender's lines and the dates of a batch, not every recipient's name. */
const TEXT_FIELD_LIMIT = 500;

function textField(text: LabelText, scale: number): TextField | null {
  const key = `${scale}\u0000${text.font}\u0000${text.size}\u0000${text.spacing ?? 0}\u0000${text.text}`;
  let field = textFields.get(key);
  if (field === undefined) {
    const dots = rasterText(text, scale);
    field = dots ? { field: graphicField(dots.bitmap), left: dots.left, top: dots.top } : null;
    if (textFields.size >= TEXT_FIELD_LIMIT) textFields.clear();
    textFields.set(key, field);
  }
  return field;
}

function textZpl(text: LabelText, scale: number): string {
  const field = textField(text, scale);
  if (!field) return '';
  const x = Math.max(0, Math.round(text.x * scale) + field.left);
  const y = Math.max(0, Math.round(text.y * scale) + field.top);
  // White text is printed reversed over the black box it sits on.
  const reverse = text.color === WHITE ? '^FR' : '';
  return `^FO${x},${y}${reverse}${field.field}^FS`;
}

/** One label's ZPL at `dpi`, `^XA` to `^XZ`. */
export function layoutZpl(layout: LabelLayout, dpi: ZplDpi): string {
  const scale = DOTS_PER_INCH[dpi] / 72;
  const width = Math.round(layout.width * scale);
  const height = Math.round(layout.height * scale);
  let out = `^XA^PW${width}^LL${height}^LH0,0`;
  for (const element of layout.elements) {
    if (element.type === 'rect') out += rectZpl(element, scale);
    else if (element.type === 'bars') out += barsZpl(element, scale);
    else out += textZpl(element, scale);
  }
  return `${out}^XZ\n`;
}

export interface ZplRenderOptions {
  dpi: ZplDpi;
}

/**
 * Streams labels as they come as ZPL, one label after another, taken only as fast as the reader takes them
 * (Readable.from pulls the next label when the buffer has room). A barcode Code 128 cannot hold, or no label
 * at all, fails the stream; a reader that goes away returns the iterator, closing a database cursor behind it.
 */
export function streamZplLabels(
  labels: Iterable<LabelData> | AsyncIterable<LabelData>,
  options: ZplRenderOptions,
): Readable {
  async function* zpl() {
    let count = 0;
    for await (const label of labels) {
      assertCode128(label.barcode);
      yield layoutZpl(layoutLabel(label), options.dpi);
      count++;
    }
    if (count === 0) throw new Error('A ZPL label stream needs at least one label');
  }
  return Readable.from(zpl(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** The labels as ZPL in memory. */
export function renderZplLabels(labels: readonly LabelData[], options: ZplRenderOptions): string {
  if (labels.length === 0) throw new Error('renderZplLabels needs at least one label');
  return labels.map((label) => layoutZpl(layoutLabel(label), options.dpi)).join('');
}
