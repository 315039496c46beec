/**
 * An order's items as one JSON array inside the order's own statement, so a single order (the order view, a
 * label, a scan) is read in one round trip instead of two. Each item is an object of exactly the keys and values
 * a select of order_items gives (drawn from the table, so a new column comes along by itself): numerics as text
 * with their scale, as the driver hands them over, and the items by position.
 */
import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { orderItems, orders } from './orders.table.ts';

const item = sql.identifier('i');
const itemColumn = (column: Column) => sql`${item}.${sql.identifier(column.name)}`;

/** The column as the item's JSON value: numerics as text, as the drivers give them ("100.000"), not numbers. */
const jsonValue = (column: Column): SQL =>
  column.columnType === 'PgNumeric' ? sql`${itemColumn(column)}::text` : itemColumn(column);

const itemObject = sql.join(
  Object.entries(getTableColumns(orderItems)).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${jsonValue(column)}`,
  ),
  sql`, `,
);

/** The items of the order row being selected (`orders`), by position; `[]` when it has none. */
export const itemsOfSelectedOrder = sql<(typeof orderItems.$inferSelect)[]>`coalesce((
  select json_agg(json_build_object(${itemObject}) order by ${itemColumn(orderItems.position)})
  from ${orderItems} ${item} where ${itemColumn(orderItems.orderSid)} = ${orders.sid}), '[]'::json)`;
