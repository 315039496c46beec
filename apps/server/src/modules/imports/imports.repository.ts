import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';
import { selectRow } from '../../db/raw-rows.ts';

export const importsRepository = {
  /**
   * The transaction's start, which every order it places takes as its date_created (the column's default is
   * now()): the import's first and last chunk give the orders list the window of the placed orders. Read as
   * epoch seconds (microseconds after the point), the same text with node-postgres and PGlite.
   */
  async transactionStart(tx: Transaction): Promise<Date> {
    const row = await selectRow<{ at: string }>(tx, sql`select extract(epoch from now())::text as at`);
    // Down to the millisecond: the orders list's from_date takes the instant as the first one included.
    return new Date(Math.floor(Number(row?.at) * 1000));
  },
};
