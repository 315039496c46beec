/**
 * The check before an AMS is filed (product decisions, Air manifests): what stops the filing (customs would
 * refuse or hold the cargo) and what only the broker's entry needs. Pure: the server hands it the parcels.
 */
import { englishOf, type TextKey, text } from '../texts/catalog.ts';
import type { TextParams } from '../texts/text.ts';
import { isVagueDescription } from './vague-descriptions.ts';

/** Customs field lengths of the house bill (ACAS): consignee name and street 35, city 17; descriptions 35. */
export const MANIFEST_FIELD_LIMITS = { name: 35, street: 35, city: 17, description: 35 } as const;

export interface ManifestParcelItem {
  /** The order item's sid, so a finding names the item to correct; absent where the caller has none. */
  sid?: string;
  skuNumber: string;
  itemDescription: string | null;
  hsCode: string | null;
  declaredValue: number | null;
  originCountry: string | null;
}

export interface ManifestParcel {
  sid: string;
  barcode: string;
  cartonLabel: string;
  name: string;
  address1: string;
  city: string;
  phone: string | null;
  /** Grams. */
  weight: number;
  items: ManifestParcelItem[];
}

export interface ManifestFinding {
  order_sid: string;
  /** The order item the finding is about (the filing panel opens it to correct); null for the order's fields. */
  item_sid: string | null;
  barcode: string;
  /** The field to fix, as the order form names it. */
  field: string;
  /** English, for API clients; `key` and `params` are the same words as a catalogue text. */
  message: string;
  key: string;
  params?: TextParams;
}

export interface ManifestCarton {
  ams_carton_label: string;
  count: number;
  total_weight: number;
}

export interface Reconciliation {
  /** What stops the filing. */
  problems: ManifestFinding[];
  /** What the broker's entry needs; the filing goes ahead. */
  warnings: ManifestFinding[];
  cartons: ManifestCarton[];
  pieces: number;
  total_weight: number;
  /** Parcels received at the manifest's hub that no manifest holds yet (they would miss this flight). */
  waiting: number;
}

function parcelFindings(parcel: ManifestParcel): {
  problems: ManifestFinding[];
  warnings: ManifestFinding[];
} {
  const problems: ManifestFinding[] = [];
  const warnings: ManifestFinding[] = [];
  const finding = (
    field: string,
    key: TextKey,
    params?: TextParams,
    item?: ManifestParcelItem,
  ): ManifestFinding => {
    const words = text(key, params);
    return {
      order_sid: parcel.sid,
      item_sid: item?.sid ?? null,
      barcode: parcel.barcode,
      field,
      message: englishOf(words),
      ...words,
    };
  };
  const { name, street, city, description } = MANIFEST_FIELD_LIMITS;
  if (parcel.name.length > name)
    problems.push(finding('name', 'ams.finding.nameTooLong', { length: parcel.name.length, max: name }));
  if (parcel.address1.length > street)
    problems.push(
      finding('address1', 'ams.finding.streetTooLong', { length: parcel.address1.length, max: street }),
    );
  if (parcel.city.length > city)
    problems.push(finding('city', 'ams.finding.cityTooLong', { length: parcel.city.length, max: city }));
  if (!parcel.phone?.trim()) problems.push(finding('phone', 'ams.finding.noPhone'));
  if (parcel.weight <= 0) problems.push(finding('weight', 'ams.finding.zeroWeight'));
  for (const item of parcel.items) {
    const sku = item.skuNumber;
    const hs = (item.hsCode ?? '').replace(/\D/g, '');
    if (!item.hsCode?.trim()) problems.push(finding('hs_code', 'ams.finding.noHsCode', { sku }, item));
    else if (hs.length < 6)
      problems.push(finding('hs_code', 'ams.finding.shortHsCode', { sku, code: item.hsCode }, item));
    const words = item.itemDescription?.trim() ?? '';
    if (!words) problems.push(finding('itemDescription', 'ams.finding.noDescription', { sku }, item));
    else if (words.length > description)
      problems.push(
        finding(
          'itemDescription',
          'ams.finding.descriptionTooLong',
          { sku, length: words.length, max: description },
          item,
        ),
      );
    else if (isVagueDescription(words))
      problems.push(
        finding('itemDescription', 'ams.finding.vagueDescription', { sku, description: words }, item),
      );
    if (item.declaredValue === null || item.declaredValue <= 0)
      warnings.push(finding('declaredValue', 'ams.finding.noDeclaredValue', { sku }, item));
    if (item.originCountry !== null && !/^[A-Z]{2}$/.test(item.originCountry))
      warnings.push(finding('originCountry', 'ams.finding.noOrigin', { sku }, item));
  }
  return { problems, warnings };
}

/** `waiting`: how many received parcels no manifest holds (the server counts them; passed through). */
export function reconcileManifest(parcels: readonly ManifestParcel[], waiting = 0): Reconciliation {
  const problems: ManifestFinding[] = [];
  const warnings: ManifestFinding[] = [];
  const cartons = new Map<string, ManifestCarton>();
  let weight = 0;
  for (const parcel of parcels) {
    const found = parcelFindings(parcel);
    problems.push(...found.problems);
    warnings.push(...found.warnings);
    const carton = cartons.get(parcel.cartonLabel) ?? {
      ams_carton_label: parcel.cartonLabel,
      count: 0,
      total_weight: 0,
    };
    carton.count += 1;
    carton.total_weight += parcel.weight;
    cartons.set(parcel.cartonLabel, carton);
    weight += parcel.weight;
  }
  return {
    problems,
    warnings,
    cartons: [...cartons.values()].sort((a, b) => a.ams_carton_label.localeCompare(b.ams_carton_label)),
    pieces: parcels.length,
    total_weight: weight,
    waiting,
  };
}
