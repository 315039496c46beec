/**
 * Reads Code 128 (our labels' barcodes) from a camera picture. Where the browser has the Barcode Detection
 * API (Chrome on Android, macOS and ChromeOS; Safari) it is used as is; elsewhere the `barcode-detector`
 * package stands in (ZXing compiled to WebAssembly). The package and its .wasm load only when a camera scan
 * starts, so they stay out of the page's own chunk, and the .wasm is served by us rather than a CDN: the
 * app's Content-Security-Policy only connects to its own origin.
 */

/** What both readers offer: the codes in a picture. */
export interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

const FORMAT = 'code_128';

function nativeDetector(): NativeDetectorClass | null {
  if (typeof window === 'undefined' || !('BarcodeDetector' in window)) return null;
  return (window as unknown as { BarcodeDetector: NativeDetectorClass }).BarcodeDetector;
}

async function polyfillReader(): Promise<BarcodeReader> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    // The same zxing-wasm version the package was built against (apps/web/package.json pins it).
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: [FORMAT] });
}

/** A reader of Code 128: the browser's own when it reads that format, else the package's. */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const Native = nativeDetector();
  if (Native) {
    const formats = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.includes(FORMAT)) return new Native({ formats: [FORMAT] });
  }
  return polyfillReader();
}
