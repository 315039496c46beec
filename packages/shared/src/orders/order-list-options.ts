/**
 * The orders list's paging, default range and sort keys (spec §7 GET /orders, §9), apart from the schemas: the
 * web reads a list's URL with them before any form needs zod (its route data, issue 21 item 9).
 * order.schemas.ts re-exports them.
 */
export const ORDER_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_ORDER_PAGE_SIZE = 25;
/** Spec §9: the orders list starts with the last 15 days. */
export const DEFAULT_ORDER_DAYS = 15;
/** The orders list's sortable columns (GET /orders `sort`). */
export const ORDER_SORTS = ['date_created', 'orderNumber', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
