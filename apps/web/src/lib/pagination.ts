/**
 * Spec §9: the page control shows the first and last page, the current one with `neighbours` on each side,
 * and in place of each longer run of hidden pages a « or » that jumps `jump` pages. Pages are zero-based, as
 * the server counts them.
 */
export type PageItem =
  | { kind: 'page'; page: number }
  | { kind: 'jump'; direction: 'back' | 'forward'; page: number };

export interface PaginationOptions {
  neighbours?: number;
  jump?: number;
  /**
   * From this many pages on, the control is compacted into first, neighbours, jumps and last. With fewer,
   * every page has its button: there is nothing to hide.
   */
  minimum?: number;
}

export const PAGINATION_DEFAULTS = { neighbours: 1, jump: 3, minimum: 4 } as const;

export function pageCountFor(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(Math.max(0, total) / pageSize) : 0;
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
const pages = (numbers: number[]): PageItem[] => numbers.map((page) => ({ kind: 'page', page }));

/**
 * The buttons of the page control for zero-based `page` of `pageCount`. None for a single page (there is
 * nowhere to go). A hidden run of one page shows that page instead of a jump, which would take the same room.
 */
export function paginationItems(
  page: number,
  pageCount: number,
  options: PaginationOptions = {},
): PageItem[] {
  const { neighbours, jump, minimum } = { ...PAGINATION_DEFAULTS, ...options };
  if (pageCount < 2) return [];
  if (pageCount < minimum) return pages(range(0, pageCount - 1));

  const last = pageCount - 1;
  const current = Math.min(Math.max(0, page), last);
  const start = Math.max(1, current - neighbours);
  const end = Math.min(last - 1, current + neighbours);

  const items: PageItem[] = [{ kind: 'page', page: 0 }];
  if (start > 2) items.push({ kind: 'jump', direction: 'back', page: Math.max(0, current - jump) });
  else if (start === 2) items.push({ kind: 'page', page: 1 });
  items.push(...pages(range(start, end)));
  if (end < last - 2)
    items.push({ kind: 'jump', direction: 'forward', page: Math.min(last, current + jump) });
  else if (end === last - 2) items.push({ kind: 'page', page: last - 1 });
  items.push({ kind: 'page', page: last });
  return items;
}
