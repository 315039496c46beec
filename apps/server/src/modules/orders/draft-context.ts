/**
 * Loads what drafting needs from the database once a call, however many orders it drafts: the account's price
 * table, its declarations of the SKUs involved (HS codes, measures, declared values and origins), which of
 * the given HS codes exist, and the US ZIP codes' states.
 */
import type { PriceRow } from '@parcelops/shared';
import type { Executor } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import { usZipState } from '../../lib/us-zip-codes.ts';
import { existingHsCodes } from '../hs-codes/hs-codes.service.ts';
import { declaredItems } from '../item-declarations/item-declarations.service.ts';
import { priceRowsOf } from '../price-tables/price-tables.service.ts';
import {
  type DeclaredItem,
  type DraftAccount,
  type DraftContext,
  type OrderInput,
  skusToDeclareForOrder,
} from './order-drafts.ts';

/** Values per lookup statement: well under PostgreSQL's 65,535 parameters, and a plan that stays cheap. */
const LOOKUP_CHUNK = 5_000;

/** The account's price table rows (stored sorted by weight), or null when it has no table. */
export async function loadPriceRows(
  db: Executor,
  account: { priceSid: string | null },
): Promise<PriceRow[] | null> {
  return account.priceSid ? priceRowsOf(db, account.priceSid) : null;
}

/** The account's declarations of these SKUs, by SKU, with their measures as numbers. */
export async function loadDeclarations(
  db: Executor,
  accountSid: string,
  skus: Iterable<string>,
): Promise<Map<string, DeclaredItem>> {
  const declared = new Map<string, DeclaredItem>();
  for (const part of chunks([...new Set(skus)], LOOKUP_CHUNK)) {
    for (const row of await declaredItems(db, accountSid, part)) {
      declared.set(row.skuNumber, {
        hsCode: row.hsCode,
        itemDescription: row.itemDescription,
        itemWeight: Number(row.itemWeight),
        itemWidth: Number(row.itemWidth),
        itemHeight: Number(row.itemHeight),
        itemLength: Number(row.itemLength),
        declaredValue: row.declaredValue === null ? null : Number(row.declaredValue),
        originCountry: row.originCountry,
      });
    }
  }
  return declared;
}

export async function loadDraftContext(
  db: Executor,
  account: DraftAccount & { priceSid: string | null },
  inputs: readonly OrderInput[],
): Promise<DraftContext> {
  const items = inputs.flatMap((input) => input.items);
  const given = [...new Set(items.flatMap((item) => (item.hs_code ? [item.hs_code] : [])))];
  const knownHsCodes = new Set<string>();
  for (const part of chunks(given, LOOKUP_CHUNK)) {
    for (const code of await existingHsCodes(db, part)) knownHsCodes.add(code);
  }
  return {
    account,
    priceRows: await loadPriceRows(db, account),
    declarations: await loadDeclarations(db, account.sid, skusToDeclareForOrder(items)),
    knownHsCodes,
    zipStateOf: usZipState,
  };
}
