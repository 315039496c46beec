/**
 * Hub scanning (spec §2 Scan Orders, tab 1; product decisions, Hub work): GET /orders/scan/barcode/{code}?hub=
 * and the scanned-orders report. Barcodes are matched forgivingly (normalizeBarcode, embeddedBarcode), as
 * handheld scanners and people typing them vary.
 */
import { z } from 'zod';
import { englishOf, type TextKey, text } from '../texts/catalog.ts';
import { says } from '../texts/issues.ts';
import type { Text } from '../texts/text.ts';

/** Spec §3 filter values: Sai Gon (SGN) and Ha Noi (HAN), default SGN. */
export const HUBS = ['SGN', 'HAN'] as const;
export const HubSchema = z.enum(HUBS);
export type Hub = z.infer<typeof HubSchema>;
export const DEFAULT_HUB: Hub = 'SGN';
/** A hub's city as a catalogue text ("Sai Gon" / "Sài Gòn"): the one place both languages name the hubs. */
export function hubText(hub: Hub): Text {
  return text(`hub.city.${hub}` as TextKey);
}
/** The city a hub's tracking events name as their location, in English. */
export const HUB_CITY: Record<Hub, string> = {
  SGN: englishOf(hubText('SGN')),
  HAN: englishOf(hubText('HAN')),
};

/**
 * A scanner's AIM symbology identifier (`]C0` for Code 128, `]E0` for EAN-13, `]Q1` ...): some scanners send it
 * before the data. `]` + the symbology's letter + one modifier character.
 */
const AIM_PREFIX = /^\][A-Z][0-9A-Z]/;
/** Whitespace anywhere (a person typing, a scanner's tab or line end) and control characters. */
const NOISE = /[\s\p{Cc}\p{Cf}]+/gu;
/** Our own barcodes: 'PO' and ten digits (apps/server modules/orders/barcode.ts). */
const OUR_BARCODE = /PO[0-9]{10}/g;

/**
 * What a scan, the scan report and a barcode upload match first: the text without whitespace or control
 * characters anywhere, upper-cased, without a scanner's AIM prefix (`]C0PO0123456789` -> `PO0123456789`).
 */
export function normalizeBarcode(code: string): string {
  return code.replace(NOISE, '').toUpperCase().replace(AIM_PREFIX, '');
}

/**
 * What to match when the normalised text matches no barcode: the one barcode of ours inside it (a carrier's
 * prefix or suffix, a trailing check character), or null when it holds none, several (which one would be a
 * guess), or is exactly one already.
 */
export function embeddedBarcode(normalized: string): string | null {
  const runs = normalized.match(OUR_BARCODE);
  if (runs?.length !== 1) return null;
  const [run] = runs as [string];
  return run === normalized ? null : run;
}

/** The longest barcode a scan or a report accepts (ours are 12 characters; carriers' run longer). */
export const BARCODE_MAX = 100;

export const ScanParamsSchema = z.object({
  code: z
    .string()
    .max(BARCODE_MAX)
    .transform(normalizeBarcode)
    .refine((code) => code.length > 0, says('orderInput.giveBarcode')),
});

export const ScanQuerySchema = z.object({ hub: HubSchema.default(DEFAULT_HUB) });
export type ScanQuery = z.output<typeof ScanQuerySchema>;

/** The rows the screen's table holds, at most this many in one report. */
export const SCAN_REPORT_MAX = 5_000;

export const ScanReportInputSchema = z.object({
  barcodes: z
    .array(z.string().max(BARCODE_MAX))
    .min(1, says('orderInput.scanOne'))
    .max(SCAN_REPORT_MAX, `At most ${SCAN_REPORT_MAX} barcodes in one report.`),
});
export type ScanReportInput = z.output<typeof ScanReportInputSchema>;

/** Spec §3 Scanned order: what one row of the scan table and of scanned_orders.xlsx shows. */
export const ScannedOrderSchema = z.object({
  orderNumber: z.string().nullable(),
  barcode: z.string(),
  status: z.number().int().nullable(),
  reason: z.string().nullable(),
  weight: z.number().nullable(),
});
export type ScannedOrder = z.infer<typeof ScannedOrderSchema>;

/** The report's file name (spec §9). */
export const SCANNED_ORDERS_FILE = 'scanned_orders.xlsx';
