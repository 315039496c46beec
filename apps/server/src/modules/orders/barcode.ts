/**
 * Order barcodes (Code 128 on the label): 'PO' and ten random digits. Ten digits leave collisions rare even at
 * millions of orders; the unique index catches the rare one and the caller draws again.
 */
import { randomInt } from 'node:crypto';

export const BARCODE_PREFIX = 'PO';
const DIGITS = 10;

export function newBarcode(): string {
  return `${BARCODE_PREFIX}${randomInt(0, 10 ** DIGITS)
    .toString()
    .padStart(DIGITS, '0')}`;
}
