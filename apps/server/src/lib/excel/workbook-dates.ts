/**
 * Instants in the workbooks the product writes (issue 21 item 6): real Excel date cells with a number format,
 * never text, in UTC, the product's one zone (order days are UTC days, as in the order counts and the
 * dashboard), and every such column's header says so: "Created (UTC)".
 */
export const WORKBOOK_TIME_ZONE = 'UTC';

/** The format of an instant's cell when its column gives none (safe-cell.ts's guardRow applies it). */
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';

/** A date column's header with the zone its instants are written in. */
export const zoned = (header: string) => `${header} (${WORKBOOK_TIME_ZONE})`;
