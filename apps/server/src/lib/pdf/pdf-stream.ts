/**
 * A PDF drawn while it is read. The drawing function adds pages and calls `pace()` between them; `pace`
 * waits while the reader still holds a full buffer (backpressure) and gives the event loop a turn every few
 * milliseconds. So a document of 10,000 pages holds one buffer of bytes whatever its length (plus PDFKit's
 * page tree and offsets, kept for the end: about 1.5 KB a page), a slow download slows the drawing rather
 * than piling up pages, and a big document never stalls the server.
 */
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { registerFonts } from './fonts.ts';

export type Doc = PDFKit.PDFDocument;

/** Waits until the next page may be drawn; false when the reader has gone (stop drawing then). */
export type Pace = () => Promise<boolean>;

/** Bytes waiting for the reader before drawing pauses: a few dozen labels, a few report pages. */
const HIGH_WATER_MARK = 64 * 1024;
/** Drawing time between turns of the event loop, so requests beside a big document stay answered. */
const SLICE_MS = 10;
/** Pages between two emptyings of PDFKit's cache of shaped words (see forgetShapedWords). */
const PAGES_PER_SHAPING_CACHE = 250;

type ShapingFont = { layoutCache?: Record<string, unknown> };

/**
 * PDFKit keeps the shaping of every word it has set in a document and never lets go: about 17 KB a label
 * in a batch of distinct names and addresses, so memory would grow with the batch. Emptied every few
 * hundred pages, it stays small; the words that recur (captions, the sender) are shaped again at once, for
 * little. The cache is PDFKit's own field (0.20): if a version renames it, the memory test fails.
 */
function forgetShapedWords(doc: Doc) {
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, ShapingFont> })._fontFamilies ?? {};
  for (const font of Object.values(fonts)) {
    if (font.layoutCache) font.layoutCache = Object.create(null);
  }
}

/**
 * Streams the document `draw` makes. The document starts with no page, has the product's fonts registered
 * (fonts.ts), and is ended here once `draw` resolves; an error thrown by `draw` fails the stream, never the
 * process. Pages reach the reader as they are finished: PDFKit writes a page out when the next one starts.
 */
export function streamPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: Doc, pace: Pace) => Promise<void>,
): Readable {
  let wake: (() => void) | undefined;
  const wakeDrawing = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const out = new Readable({
    highWaterMark: HIGH_WATER_MARK,
    // Called when the reader wants more: the drawing, if it waits for that, goes on.
    read: wakeDrawing,
    destroy(error, callback) {
      wakeDrawing();
      callback(error);
    },
  });
  const doc = new PDFDocument({ ...options, autoFirstPage: false });
  registerFonts(doc);
  doc.on('data', (chunk: Buffer) => out.push(chunk));
  doc.on('end', () => out.push(null));
  doc.on('error', (error: Error) => out.destroy(error));

  let sliceStart = performance.now();
  let paced = 0;
  const pace: Pace = async () => {
    if (out.destroyed) return false;
    if (++paced % PAGES_PER_SHAPING_CACHE === 0) forgetShapedWords(doc);
    if (out.readableLength >= out.readableHighWaterMark) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      sliceStart = performance.now();
    } else if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    return !out.destroyed;
  };

  const run = async () => {
    try {
      await draw(doc, pace);
      // A reader that went away gets no ending; the unfinished document is simply dropped.
      if (!out.destroyed) doc.end();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  };
  void run();
  return out;
}
