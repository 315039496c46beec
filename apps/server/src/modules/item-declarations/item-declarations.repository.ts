import { DEFAULT_ORIGIN_COUNTRY, type ItemDeclarationFields } from '@parcelops/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import { foldedContains } from '../../lib/sql.ts';
import { declarationSearchText, itemDeclarations } from './item-declarations.table.ts';

export type ItemDeclarationRow = typeof itemDeclarations.$inferSelect;

/**
 * The declaration's fields as stored (numerics as text, exactly as PostgreSQL keeps them). Customs facts left
 * out (undefined) are left out here too: an insert takes the columns' defaults (none, VN), an update keeps them.
 */
export function declarationColumns(fields: ItemDeclarationFields) {
  return {
    skuNumber: fields.skuNumber,
    name: fields.name,
    refName: fields.refName,
    itemDescription: fields.itemDescription,
    hsCode: fields.hs_code,
    itemWeight: String(fields.itemWeight),
    itemWidth: String(fields.itemWidth),
    itemHeight: String(fields.itemHeight),
    itemLength: String(fields.itemLength),
    canCombine: fields.can_combine,
    ...(fields.declaredValue !== undefined && {
      declaredValue: fields.declaredValue === null ? null : fields.declaredValue.toFixed(2),
    }),
    ...(fields.originCountry !== undefined && {
      originCountry: fields.originCountry ?? DEFAULT_ORIGIN_COUNTRY,
    }),
  };
}

/** Rows per INSERT in a batch upload: 15 parameters each, well under PostgreSQL's 65,535. */
const CHUNK = 1000;

export const itemDeclarationsRepository = {
  list(db: Executor, accountSid: string, filter?: string): Promise<ItemDeclarationRow[]> {
    return db
      .select()
      .from(itemDeclarations)
      .where(
        and(
          eq(itemDeclarations.accountSid, accountSid),
          // SKU, names, description or HS code, without accents or case, through one trigram index.
          filter ? foldedContains(declarationSearchText(itemDeclarations), filter) : undefined,
        ),
      )
      .orderBy(asc(itemDeclarations.skuNumber));
  },

  async findBySid(db: Executor, sid: string): Promise<ItemDeclarationRow | undefined> {
    const [row] = await db.select().from(itemDeclarations).where(eq(itemDeclarations.sid, sid));
    return row;
  },

  async insert(db: Executor, row: typeof itemDeclarations.$inferInsert): Promise<void> {
    await db.insert(itemDeclarations).values(row);
  },

  async update(db: Executor, sid: string, fields: ItemDeclarationFields): Promise<void> {
    await db
      .update(itemDeclarations)
      .set({ ...declarationColumns(fields), dateUpdated: new Date() })
      .where(eq(itemDeclarations.sid, sid));
  },

  async delete(db: Executor, sid: string): Promise<void> {
    await db.delete(itemDeclarations).where(eq(itemDeclarations.sid, sid));
  },

  /** What the account declares for `skus` (HS code, description, measures, customs facts), in one query. */
  declaredItems(db: Executor, accountSid: string, skus: string[]) {
    return db
      .select({
        skuNumber: itemDeclarations.skuNumber,
        hsCode: itemDeclarations.hsCode,
        itemDescription: itemDeclarations.itemDescription,
        itemWeight: itemDeclarations.itemWeight,
        itemWidth: itemDeclarations.itemWidth,
        itemHeight: itemDeclarations.itemHeight,
        itemLength: itemDeclarations.itemLength,
        declaredValue: itemDeclarations.declaredValue,
        originCountry: itemDeclarations.originCountry,
      })
      .from(itemDeclarations)
      .where(and(eq(itemDeclarations.accountSid, accountSid), inArray(itemDeclarations.skuNumber, skus)));
  },

  /** Which of `skus` the account already declares. */
  async existingSkus(db: Executor, accountSid: string, skus: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks(skus, CHUNK)) {
      const rows = await db
        .select({ sku: itemDeclarations.skuNumber })
        .from(itemDeclarations)
        .where(and(eq(itemDeclarations.accountSid, accountSid), inArray(itemDeclarations.skuNumber, part)));
      for (const row of rows) found.add(row.sku);
    }
    return found;
  },

  /**
   * Creates or updates by (account, SKU), in chunks, inside the caller's transaction. A customs column the file
   * does not have (its rows leave the field undefined) keeps what an updated declaration has.
   */
  async upsertMany(
    db: Executor,
    accountSid: string,
    declarations: ItemDeclarationFields[],
    newSid: () => string,
  ): Promise<void> {
    const given = (key: 'declaredValue' | 'originCountry') =>
      declarations.some((fields) => fields[key] !== undefined);
    const customs = {
      ...(given('declaredValue') && { declaredValue: sql`excluded.declared_value` }),
      ...(given('originCountry') && { originCountry: sql`excluded.origin_country` }),
    };
    for (const part of chunks(declarations, CHUNK)) {
      const values = part.map((fields) => ({ sid: newSid(), accountSid, ...declarationColumns(fields) }));
      await db
        .insert(itemDeclarations)
        .values(values)
        .onConflictDoUpdate({
          target: [itemDeclarations.accountSid, itemDeclarations.skuNumber],
          set: {
            name: sql`excluded.name`,
            refName: sql`excluded.ref_name`,
            itemDescription: sql`excluded.item_description`,
            hsCode: sql`excluded.hs_code`,
            itemWeight: sql`excluded.item_weight`,
            itemWidth: sql`excluded.item_width`,
            itemHeight: sql`excluded.item_height`,
            itemLength: sql`excluded.item_length`,
            canCombine: sql`excluded.can_combine`,
            ...customs,
            dateUpdated: sql`now()`,
          },
        });
    }
  },
};
