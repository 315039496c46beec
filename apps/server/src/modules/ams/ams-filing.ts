/**
 * Filing an AMS with customs (product decisions, Air manifests): a `FilingAdapter` takes the manifest's house
 * data and files it. The built-in adapter writes the manifest as a workbook a customs broker loads (one row
 * per house bill, i.e. per parcel), kept with the AMS for download; a real broker's API plugs in here later.
 * Its setting `ascii` (AMS_MANIFEST_ASCII, on by default) gives the filing fields in plain ASCII, as customs
 * systems take them, and keeps the original words in columns of their own at the end.
 */
import type { Address, Text } from '@parcelops/shared';
import { type RecordColumn, recordSheet } from '../../lib/excel/sheet-writer.ts';
import { bufferWorkbook } from '../../lib/excel/streamed-file.ts';
import type { FilingParcel } from '../orders/order-manifest.ts';
import type { AmsRow } from './ams.repository.ts';
import { plainAscii } from './plain-ascii.ts';

export interface ManifestFiling {
  ams: AmsRow;
  parcels: readonly FilingParcel[];
  /** Each parcel's shipper: the seller's name and address, by account sid. */
  shippers: ReadonlyMap<string, { name: string; address: Address | null }>;
}

export type FilingResult =
  | { ok: true; file: { name: string; bytes: Buffer } }
  /** A broker's refusal in its own words, or a catalogue text of ours. */
  | { ok: false; reason: string | Text };

export interface FilingAdapter {
  readonly name: string;
  file(filing: ManifestFiling): Promise<FilingResult>;
}

type Row = FilingParcel & { filing: ManifestFiling };

const kg = (grams: number) => Math.round(grams) / 1000;
const shipperOf = (row: Row) => row.filing.shippers.get(row.accountSid);

/** A column customs reads (names, addresses, descriptions): given in ASCII when the setting is on. */
type ManifestColumn = RecordColumn<Row> & { filing?: true };

const COLUMNS: ManifestColumn[] = [
  { header: 'MAWB prefix', width: 8, value: (row) => row.filing.ams.masterAirWaybill.slice(0, 3) },
  { header: 'MAWB number', width: 12, value: (row) => row.filing.ams.masterAirWaybill.slice(4) },
  { header: 'House bill', width: 18, value: (row) => row.amsId },
  { header: 'HAWB', width: 12, value: (row) => row.hawb ?? row.filing.ams.hawb },
  { header: 'Carton', width: 12, value: (row) => row.cartonLabel },
  { header: 'Barcode', width: 16, value: (row) => row.barcode },
  { header: 'Pieces', width: 7, value: () => 1 },
  { header: 'Weight (kg)', width: 10, numFmt: '0.000', value: (row) => kg(row.weight) },
  {
    header: 'Description',
    width: 40,
    filing: true,
    value: (row) => row.items.map((item) => item.itemDescription ?? '').join('; '),
  },
  { header: 'HS codes', width: 20, value: (row) => row.items.map((item) => item.hsCode ?? '').join('; ') },
  {
    header: 'Value (USD)',
    width: 10,
    value: (row) =>
      row.items.reduce((sum, item) => sum + (item.declaredValue ?? 0) * item.quantity, 0) || null,
  },
  {
    header: 'Origin',
    width: 7,
    value: (row) => [...new Set(row.items.map((item) => item.originCountry))].join('; '),
  },
  { header: 'Shipper', width: 24, filing: true, value: (row) => shipperOf(row)?.name ?? '' },
  {
    header: 'Shipper address',
    width: 36,
    filing: true,
    value: (row) => {
      const address = shipperOf(row)?.address;
      return address
        ? [address.address1, address.city, address.state, address.postalCode, address.country]
            .filter(Boolean)
            .join(', ')
        : '';
    },
  },
  { header: 'Consignee', width: 24, filing: true, value: (row) => row.name },
  {
    header: 'Street',
    width: 30,
    filing: true,
    value: (row) => [row.address1, row.address2].filter(Boolean).join(' '),
  },
  { header: 'City', width: 16, filing: true, value: (row) => row.city },
  { header: 'State', width: 6, filing: true, value: (row) => row.state },
  { header: 'ZIP', width: 10, value: (row) => row.postalCode },
  { header: 'Country', width: 8, value: (row) => row.country },
  { header: 'Phone', width: 14, value: (row) => row.phone },
  { header: 'Origin airport', width: 8, value: (row) => row.filing.ams.location },
  { header: 'Destination airport', width: 8, value: (row) => row.filing.ams.airportCode },
  { header: 'Carrier', width: 8, value: (row) => row.filing.ams.carrier },
  { header: 'Service', width: 14, value: (row) => row.filing.ams.serviceType },
];

/**
 * The workbook's columns: as they are, or with the filing fields in plain ASCII and, after every other column,
 * each of them again as written ("Consignee (original)"), so nothing the seller typed is lost.
 */
export function manifestColumns(ascii: boolean): RecordColumn<Row>[] {
  const plain = ({ filing: _filing, ...column }: ManifestColumn): RecordColumn<Row> => column;
  if (!ascii) return COLUMNS.map(plain);
  const filingFields = COLUMNS.filter((column) => column.filing);
  return [
    ...COLUMNS.map((column) => {
      if (!column.filing) return plain(column);
      const original = column.value;
      return {
        ...plain(column),
        value: (row: Row) => {
          const value = original(row);
          return typeof value === 'string' ? plainAscii(value) : value;
        },
      };
    }),
    ...filingFields.map((column) => ({ ...plain(column), header: `${column.header} (original)` })),
  ];
}

export interface WorkbookFilingSettings {
  /** The filing fields in plain ASCII, the originals in their own columns (AMS_MANIFEST_ASCII; default on). */
  ascii: boolean;
}

/** The built-in adapter: writes the manifest workbook; files nothing elsewhere, so it never rejects. */
export function workbookFilingAdapter(settings: WorkbookFilingSettings = { ascii: true }): FilingAdapter {
  const columns = manifestColumns(settings.ascii);
  return {
    name: 'manifest workbook',
    async file(filing) {
      const bytes = await bufferWorkbook(async (file) => {
        const add = recordSheet(file, 'Manifest', columns);
        for (let start = 0; start < filing.parcels.length; start += 1_000) {
          add(filing.parcels.slice(start, start + 1_000).map((parcel) => ({ ...parcel, filing })));
          await file.room();
        }
      });
      return { ok: true, file: { name: `AMS-${filing.ams.masterAirWaybill}.xlsx`, bytes } };
    },
  };
}
