/**
 * A one-bit picture as a printer takes it: rows of bytes, eight dots a byte, the leftmost dot in the highest
 * bit, 1 for ink. ZPL's graphic fields (`^GF`) carry exactly this.
 */
export interface Bitmap {
  width: number;
  height: number;
  /** Bytes per row: the width in dots, rounded up to whole bytes. */
  rowBytes: number;
  data: Uint8Array;
}

export function newBitmap(width: number, height: number): Bitmap {
  const rowBytes = Math.max(1, Math.ceil(width / 8));
  return { width, height, rowBytes, data: new Uint8Array(rowBytes * Math.max(0, height)) };
}

export function setDot(bitmap: Bitmap, x: number, y: number): void {
  if (x < 0 || y < 0 || x >= bitmap.width || y >= bitmap.height) return;
  const index = y * bitmap.rowBytes + (x >> 3);
  bitmap.data[index] = (bitmap.data[index] ?? 0) | (0x80 >> (x & 7));
}

export function hasDot(bitmap: Bitmap, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= bitmap.width || y >= bitmap.height) return false;
  return ((bitmap.data[y * bitmap.rowBytes + (x >> 3)] ?? 0) & (0x80 >> (x & 7))) !== 0;
}
