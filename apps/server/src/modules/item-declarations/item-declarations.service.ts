import {
  ITEM_DECLARATION_COLUMNS,
  type ItemDeclaration,
  type ItemDeclarationBatchResult,
  type ItemDeclarationFields,
  text,
} from '@parcelops/shared';
import type { Database, Executor } from '../../db/database.ts';
import { type Actor, accountScope, crossesAccounts } from '../../lib/account-scope.ts';
import { AppError, fieldError, unlessTaken } from '../../lib/app-error.ts';
import { buildTemplate, readSheetWithTitles } from '../../lib/excel/sheet-reader.ts';
import { newSid } from '../../lib/ids.ts';
import { sheetProblemsError } from '../../lib/sheet-problems.ts';
import { accountExists } from '../accounts/accounts.service.ts';
import { existingHsCodes } from '../hs-codes/hs-codes.service.ts';
import { checkDeclarationRows } from './declaration-rows.ts';
import {
  declarationColumns,
  type ItemDeclarationRow,
  itemDeclarationsRepository,
} from './item-declarations.repository.ts';

export function toItemDeclaration(row: ItemDeclarationRow): ItemDeclaration {
  return {
    sid: row.sid,
    account_sid: row.accountSid,
    skuNumber: row.skuNumber,
    name: row.name,
    refName: row.refName,
    itemDescription: row.itemDescription,
    hs_code: row.hsCode,
    itemWeight: Number(row.itemWeight),
    itemWidth: Number(row.itemWidth),
    itemHeight: Number(row.itemHeight),
    itemLength: Number(row.itemLength),
    can_combine: row.canCombine,
    declaredValue: row.declaredValue === null ? null : Number(row.declaredValue),
    originCountry: row.originCountry,
    date_created: row.dateCreated.toISOString(),
  };
}

/**
 * What the account declares for these SKUs (at most a few thousand a call), for orders, which fill HS codes,
 * weights, dimensions, declared values and origins from them. Numerics as PostgreSQL keeps them (text).
 */
export function declaredItems(db: Executor, accountSid: string, skus: string[]) {
  return itemDeclarationsRepository.declaredItems(db, accountSid, skus);
}

const notFound = () => AppError.notFound(text('declarations.notFound'));
const skuTaken = (sku: string) => AppError.conflict(text('declarations.skuTaken', { sku }));
const unknownHsCode = (code: string) => text('declarations.unknownHsCode', { code });

export class ItemDeclarationsService {
  constructor(private readonly db: Database) {}

  /**
   * The account a call works on: account users always their own; operators and admins name one
   * (product decisions: they work across accounts).
   */
  private async accountFor(actor: Actor, requested: string | undefined): Promise<string> {
    const account = accountScope(actor, requested);
    if (!account) throw fieldError('account_sid', text('accounts.chooseAccount'));
    if (crossesAccounts(actor) && !(await accountExists(this.db, account)))
      throw AppError.notFound(text('accounts.notFound'));
    return account;
  }

  private async checkHsCode(db: Executor, code: string | null) {
    if (code && !(await existingHsCodes(db, [code])).has(code))
      throw fieldError('hs_code', unknownHsCode(code));
  }

  async list(actor: Actor, accountSid: string | undefined, filter?: string): Promise<ItemDeclaration[]> {
    const rows = await itemDeclarationsRepository.list(
      this.db,
      await this.accountFor(actor, accountSid),
      filter,
    );
    return rows.map(toItemDeclaration);
  }

  async create(
    actor: Actor,
    accountSid: string | undefined,
    fields: ItemDeclarationFields,
  ): Promise<ItemDeclaration> {
    const account = await this.accountFor(actor, accountSid);
    await this.checkHsCode(this.db, fields.hs_code);
    const sid = newSid();
    await unlessTaken(
      itemDeclarationsRepository.insert(this.db, { sid, accountSid: account, ...declarationColumns(fields) }),
      () => skuTaken(fields.skuNumber),
    );
    return this.get(sid);
  }

  /** Spec §5: updating and deleting an existing entry is for admins (the route's policy says so). */
  async update(sid: string, fields: ItemDeclarationFields): Promise<ItemDeclaration> {
    if (!(await itemDeclarationsRepository.findBySid(this.db, sid))) throw notFound();
    await this.checkHsCode(this.db, fields.hs_code);
    await unlessTaken(itemDeclarationsRepository.update(this.db, sid, fields), () =>
      skuTaken(fields.skuNumber),
    );
    return this.get(sid);
  }

  async delete(sid: string): Promise<{ sid: string }> {
    if (!(await itemDeclarationsRepository.findBySid(this.db, sid))) throw notFound();
    await itemDeclarationsRepository.delete(this.db, sid);
    return { sid };
  }

  /**
   * The Excel upload: every row is checked first (fields, SKUs unique in the file, HS codes known); one bad row
   * refuses the whole file. A good file creates or updates by SKU in one transaction. `signal`: the client
   * has gone (client-gone.ts), which ends the read.
   */
  async batch(
    actor: Actor,
    accountSid: string | undefined,
    file: Buffer,
    signal?: AbortSignal,
  ): Promise<ItemDeclarationBatchResult> {
    const account = await this.accountFor(actor, accountSid);
    const { rows, problems, titleOf } = checkDeclarationRows(
      await readSheetWithTitles(file, ITEM_DECLARATION_COLUMNS, undefined, { signal }),
    );
    const codes = [
      ...new Set(rows.map((entry) => entry.fields.hs_code).filter((code): code is string => Boolean(code))),
    ];
    const known = await existingHsCodes(this.db, codes);
    for (const entry of rows) {
      const code = entry.fields.hs_code;
      if (code && !known.has(code))
        problems.push({ row: entry.row, column: titleOf('hs_code'), message: unknownHsCode(code) });
    }
    if (problems.length > 0) throw sheetProblemsError(problems.sort((a, b) => a.row - b.row));

    return this.db.transaction(async (tx) => {
      const existing = await itemDeclarationsRepository.existingSkus(
        tx,
        account,
        rows.map((entry) => entry.fields.skuNumber),
      );
      await itemDeclarationsRepository.upsertMany(
        tx,
        account,
        rows.map((entry) => entry.fields),
        newSid,
      );
      const results = rows.map((entry) => ({
        row: entry.row,
        skuNumber: entry.fields.skuNumber,
        result: existing.has(entry.fields.skuNumber) ? ('updated' as const) : ('created' as const),
      }));
      const updated = results.filter((entry) => entry.result === 'updated').length;
      return { created: results.length - updated, updated, rows: results };
    });
  }

  template(): Promise<Buffer> {
    return buildTemplate('Item declarations', ITEM_DECLARATION_COLUMNS);
  }

  private async get(sid: string): Promise<ItemDeclaration> {
    const row = await itemDeclarationsRepository.findBySid(this.db, sid);
    if (!row) throw notFound();
    return toItemDeclaration(row);
  }
}
