/**
 * Reads the Code 128 barcodes on a rendered label with ZXing (zxing-wasm, C++ compiled to WebAssembly), the
 * decoder many phone and warehouse scanners run, so a test knows the printed bars scan to the right text.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { type Bitmap, bitmapToRgba } from './bitmap.ts';

let prepared = false;

/**
 * Points ZXing at the package's own zxing_reader.wasm. Left alone, zxing-wasm fetches the binary from the
 * jsDelivr CDN on first use; given `wasmBinary` (Emscripten's hook for the module's bytes) it instantiates
 * those and never calls fetch. Module overrides are global to the package, so this runs once, before the
 * first read.
 */
function useBundledWasm(): void {
  if (prepared) return;
  // Resolved through the package's exports, wherever npm put it (this workspace holds its own copy).
  const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const bytes = readFileSync(wasmPath);
  // Its own ArrayBuffer: a small file's Buffer is a view into Node's shared pool.
  const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: false });
  prepared = true;
}

/** The texts of the Code 128 barcodes ZXing finds on `bitmap`, in the order it finds them. */
export async function decodeCode128(bitmap: Bitmap): Promise<string[]> {
  useBundledWasm();
  // ZXing's defaults already try hard and return every symbol found (up to 255).
  const results = await readBarcodes(bitmapToRgba(bitmap), { formats: ['Code128'] });
  return results.map((result) => result.text);
}
