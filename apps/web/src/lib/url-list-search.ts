/**
 * A list's filters kept in the URL under the wire's own names (the orders, batch and AMS lists), so a reload,
 * Back or a shared link shows the same page: reading the paging back, and writing a change.
 */

function wholeNumber(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  return Number(text);
}

/** The page (zero-based) and a page size among `sizes`, else `fallbackSize`. */
export function pagingOf(
  params: URLSearchParams,
  sizes: readonly number[],
  fallbackSize: number,
): { page: number; page_size: number } {
  const pageSize = wholeNumber(params.get('page_size'));
  return {
    page: wholeNumber(params.get('page')) ?? 0,
    page_size: pageSize !== null && sizes.includes(pageSize) ? pageSize : fallbackSize,
  };
}

/**
 * The URL after `change`: empty values and the first page leave it, and any change but the page's own starts
 * again at the first page, since the old page may not exist among the new results.
 */
export function applyListSearchChange(
  current: URLSearchParams,
  change: Record<string, string | number | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === '' || (key === 'page' && value === 0)) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in change)) next.delete('page');
  return next;
}
