/**
 * Reading a PDF the app let the browser download, as a person's tools would: its text as a reader's copy and
 * paste gives it (pdf.js), and its barcodes as a scanner sees them: the page rendered to pixels by pdf.js,
 * then read by ZXing (zxing-wasm, the version the web's camera scanner uses). Both run in Node; the .wasm is
 * read from node_modules, never fetched.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);

/** About 216 dpi: a 4x6 label is 864 × 1296 pixels, a Code 128's narrowest bar some 3 pixels wide. */
const RENDER_SCALE = 3;

async function openPdf(file: string): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(await readFile(file)), isEvalSupported: false }).promise;
}

/** Each page's text, one line per text item pdf.js finds; and the document information's title. */
export async function pdfText(file: string): Promise<{ pages: string[]; title: string | undefined }> {
  const document = await openPdf(file);
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : [])).join('\n'),
      );
    }
    const { info } = (await document.getMetadata()) as { info?: { Title?: string } };
    return { pages, title: info?.Title };
  } finally {
    await document.destroy();
  }
}

/** pdf.js's own canvas maker (in Node it draws with @napi-rs/canvas, which pdf.js brings along). */
interface CanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: { width: number; height: number };
    context: {
      fillStyle: string;
      fillRect(x: number, y: number, width: number, height: number): void;
      getImageData(
        x: number,
        y: number,
        width: number,
        height: number,
      ): {
        data: Uint8ClampedArray;
        width: number;
        height: number;
      };
    };
  };
}

let zxingReady: Promise<unknown> | null = null;
function zxing() {
  zxingReady ??= readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).then((wasm) =>
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    }),
  );
  return zxingReady;
}

/**
 * The Code 128 barcodes ZXing reads on one page (1-based) of the PDF, drawn as a printer would draw it: the
 * page's vectors rasterised on white, nothing read from the PDF's text or structure.
 */
export async function pdfBarcodes(file: string, pageNumber = 1): Promise<string[]> {
  await zxing();
  const document = await openPdf(file);
  try {
    const page = await document.getPage(pageNumber);
    const viewport = page.getViewport({ scale: RENDER_SCALE });
    const factory = document.canvasFactory as CanvasFactory;
    const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, viewport }).promise;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    // zxing-wasm takes anything shaped like ImageData; Node has no ImageData class.
    const found = await readBarcodes(pixels as unknown as Parameters<typeof readBarcodes>[0], {
      formats: ['Code128'],
      tryHarder: true,
    });
    return found.filter((barcode) => barcode.isValid).map((barcode) => barcode.text);
  } finally {
    await document.destroy();
  }
}
