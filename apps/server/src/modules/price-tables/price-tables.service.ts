import {
  PRICE_TABLE_COLUMNS,
  type PriceRow,
  type PriceTable,
  type PriceTableSummary,
  text,
} from '@parcelops/shared';
import type { Database, Executor } from '../../db/database.ts';
import { AppError, fieldError, isForeignKeyViolation, unlessTaken } from '../../lib/app-error.ts';
import { buildTemplate, readSheet } from '../../lib/excel/sheet-reader.ts';
import { writeSheet } from '../../lib/excel/sheet-writer.ts';
import { newSid } from '../../lib/ids.ts';
import { PRICE_COLUMNS, priceRowsFrom } from './price-rows.ts';
import { priceTablesRepository } from './price-tables.repository.ts';

const notFound = () => AppError.notFound(text('pricing.notFound'));
const nameTaken = (name: string) => AppError.conflict(text('pricing.nameTaken', { name }));
const inUse = (name: string, count: number) =>
  new AppError('IN_USE', 409, text('pricing.inUse', { name, count }));

type SummaryRow = { sid: string; name: string; rowsCount: number; accountsCount: number; dateCreated: Date };

function toSummary(row: SummaryRow): PriceTableSummary {
  return {
    sid: row.sid,
    name: row.name,
    rows_count: Number(row.rowsCount),
    accounts_count: Number(row.accountsCount),
    date_created: row.dateCreated.toISOString(),
  };
}

/** The table's rows (stored sorted by weight), or null when there is no such table; orders price by them. */
export async function priceRowsOf(db: Executor, sid: string): Promise<PriceRow[] | null> {
  const table = await priceTablesRepository.findBySid(db, sid);
  return table ? (table.rows as PriceRow[]) : null;
}

/** Whether the price table exists, for accounts, which name one. */
export function priceTableExists(db: Executor, sid: string): Promise<boolean> {
  return priceTablesRepository.exists(db, sid);
}

export class PriceTablesService {
  constructor(private readonly db: Database) {}

  async list(filter?: string): Promise<PriceTableSummary[]> {
    return (await priceTablesRepository.list(this.db, filter)).map(toSummary);
  }

  async get(sid: string): Promise<PriceTable> {
    const row = await priceTablesRepository.findBySid(this.db, sid);
    if (!row) throw notFound();
    return { ...toSummary(row), rows: row.rows, pricese: JSON.stringify(row.rows) };
  }

  /**
   * The whole file is checked before anything is written; a bad file leaves nothing behind. `signal`: the
   * client has gone (client-gone.ts), which ends the read.
   */
  async create(name: string, file: Buffer, signal?: AbortSignal): Promise<PriceTable> {
    const rows = priceRowsFrom(await readSheet(file, PRICE_COLUMNS, undefined, { signal }));
    const sid = newSid();
    await unlessTaken(priceTablesRepository.insert(this.db, { sid, name, rows }), () => nameTaken(name));
    return this.get(sid);
  }

  /** Replaces the rows; the name is fixed once the table exists (spec §4). */
  async update(sid: string, name: string, file: Buffer, signal?: AbortSignal): Promise<PriceTable> {
    const existing = await priceTablesRepository.findBySid(this.db, sid);
    if (!existing) throw notFound();
    if (name !== existing.name) throw fieldError('name', text('pricing.nameFixed'));
    const rows = priceRowsFrom(await readSheet(file, PRICE_COLUMNS, undefined, { signal }));
    await priceTablesRepository.replaceRows(this.db, sid, rows);
    return this.get(sid);
  }

  async delete(sid: string): Promise<{ sid: string }> {
    const existing = await priceTablesRepository.findBySid(this.db, sid);
    if (!existing) throw notFound();
    if (Number(existing.accountsCount) > 0) throw inUse(existing.name, Number(existing.accountsCount));
    try {
      await priceTablesRepository.delete(this.db, sid);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw inUse(existing.name, 1);
      throw error;
    }
    return { sid };
  }

  template(): Promise<Buffer> {
    return buildTemplate('Prices', PRICE_TABLE_COLUMNS);
  }

  /** The stored table in the template's format, so it can be edited and uploaded again. */
  async export(sid: string): Promise<{ name: string; file: Buffer }> {
    const table = await this.get(sid);
    const file = await writeSheet(
      'Prices',
      PRICE_TABLE_COLUMNS.map((column) => ({ header: column.headers[0] as string })),
      table.rows.map((row) => ({ cells: [row.weight, row.vnd, row.usd] })),
      { freezeHeader: false },
    );
    return { name: table.name, file };
  }
}
