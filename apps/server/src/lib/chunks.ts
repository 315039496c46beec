/**
 * A list in consecutive slices of at most `size` items, the last one shorter (none for an empty list): how
 * bulk statements stay within PostgreSQL's 65,535 parameters and transactions stay short.
 */
export function chunks<T>(values: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`chunk size must be a positive integer: ${size}`);
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size) out.push(values.slice(start, start + size));
  return out;
}
