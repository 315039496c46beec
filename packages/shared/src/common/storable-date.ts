/**
 * The instants a query may compare against. Dates go to PostgreSQL as ISO text, which only reads years 0001 to
 * 9999 written with four digits: `new Date('0000-01-01')` or the exclusive end of 9999-12-31 (year 10000)
 * would make it fail (SQLSTATE 22008/22009, a 500). A range bound beyond these is clamped to them: no row is
 * older or newer, so the answer is the same, and "to 9999-12-31" keeps meaning "no upper bound".
 */
export const FIRST_STORABLE_INSTANT = new Date('0001-01-01T00:00:00.000Z');
export const LAST_STORABLE_INSTANT = new Date('9999-12-31T23:59:59.999Z');

export function clampToStorable(date: Date): Date {
  const time = Math.min(
    Math.max(date.getTime(), FIRST_STORABLE_INSTANT.getTime()),
    LAST_STORABLE_INSTANT.getTime(),
  );
  return time === date.getTime() ? date : new Date(time);
}
