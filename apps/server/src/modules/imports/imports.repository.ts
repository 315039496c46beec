import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';

export const importsRepository = {
  /**
   * The transaction's start, which every order it places takes as its date_created (the column's default is
   * now()): the import's first and last chunk give the orders list the window of the placed orders. Read as
   * epoch seconds (microseconds after the point), the same text with node-postgres and PGlite.
   */
  async transactionStart(tx: Transaction): Promise<Date> {
    const result = (await tx.execute(sql`select extract(epoch from now())::text as at`)) as unknown as {
      rows: { at: string }[];
    };
    // Down to the millisecond: the orders list's from_date takes the instant as the first one included.
    return new Date(Math.floor(Number(result.rows[0]?.at) * 1000));
  },
};
