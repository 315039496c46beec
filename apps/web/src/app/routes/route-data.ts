/**
 * What each signed-in page asks the server for first, by route: route loaders for the router we have (no data
 * router). Each entry builds the page's own query options from the same URL the page reads, so the page finds
 * the answer in the cache; route-data.test.tsx renders every page after its entry to keep the two in step.
 * Only pages whose visitors may see them: a refused visitor is sent home before anything is fetched.
 * Loaded as its own small chunk (page-prefetch.ts), beside the page's code: nothing here may import zod (the
 * shared schemas), or the data would wait for it (vite.config.ts's chunks; the web-speed bench shows it).
 */
import { Role } from '@parcelops/shared';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type Params } from 'react-router';
import { accountsQuery } from '../../features/accounts/api.ts';
import { batchOrdersQuery } from '../../features/batch-orders/api.ts';
import { parseBatchSearch } from '../../features/batch-orders/batch-search.ts';
import { hsCodesQuery } from '../../features/hs-codes/api.ts';
import {
  type OrderListParams,
  type OrderStatisticParams,
  orderQuery,
  orderStatisticQuery,
  ordersQuery,
} from '../../features/orders/api.ts';
import { parseOrderSearch } from '../../features/orders/order-search.ts';
import { priceTablesQuery } from '../../features/price-tables/api.ts';
import { usersQuery } from '../../features/users/api.ts';
import { USER_MANAGERS } from '../../features/users/user-managers.ts';
import { vendorsQuery } from '../../features/vendors/api.ts';
import type { Viewer } from '../../lib/session.ts';
import { type PageLocation, prefetchForPage } from './prefetched-queries.ts';

export interface RouteContext {
  client: QueryClient;
  params: Params;
  search: URLSearchParams;
  viewer: Viewer;
  /** "Today" for the lists whose default range counts from it, as the page fixes it when it opens. */
  today: Date;
}

interface RouteData {
  /** The full path, as AppRoutes declares it. */
  path: string;
  /** Who the page lets in; everyone signed in when absent. */
  roles?: readonly Role[];
  load: (context: RouteContext) => Promise<unknown>;
}

/** Staff see every account's orders and batches and filter by account; sellers see their own. */
const isStaff = (viewer: Viewer) => viewer.role === Role.admin || viewer.role === Role.operator;

/** The orders list (use-order-search.ts): the URL's filters, texts trimmed, staff filters for staff only. */
function loadOrdersList({ client, search, viewer, today }: RouteContext) {
  const parsed = parseOrderSearch(search, today);
  const staffFilters = viewer.role !== Role.account;
  const statisticQuery: OrderStatisticParams = {
    from_date: parsed.from_date,
    to_date: parsed.to_date,
    account_sid: staffFilters ? parsed.account_sid : '',
    filter: parsed.filter.trim(),
    filter_missing_hs_code: parsed.filter_missing_hs_code,
    ams_masterAirWaybill: staffFilters ? parsed.ams_masterAirWaybill.trim() : '',
    ams_carton_label: staffFilters ? parsed.ams_carton_label.trim() : '',
    batch_sid: parsed.batch_sid ?? '',
  };
  const query: OrderListParams = {
    ...statisticQuery,
    page: parsed.page,
    page_size: parsed.page_size,
    status: parsed.status,
    sort: parsed.sort,
    direction: parsed.direction,
  };
  return Promise.all([
    prefetchForPage(client, ordersQuery(query)),
    prefetchForPage(client, orderStatisticQuery(statisticQuery)),
  ]);
}

/** The batch orders list (use-batch-search.ts). */
function loadBatchOrdersList({ client, search, viewer }: RouteContext) {
  const parsed = parseBatchSearch(search);
  return prefetchForPage(
    client,
    batchOrdersQuery({
      ...parsed,
      filter: parsed.filter.trim(),
      account_sid: isStaff(viewer) ? parsed.account_sid : '',
    }),
  );
}

/**
 * The lists and the order view. The settings lists (components/ListPage.tsx) open with an empty filter box.
 * Not the home page's dashboard: its query's module brings the schemas' library along, which this chunk must
 * not wait for, and its charts take far longer to arrive than its data anyway.
 */
const ROUTES: RouteData[] = [
  { path: '/internal/orders', load: loadOrdersList },
  {
    path: '/internal/orders/:sid/view',
    load: ({ client, params }) => prefetchForPage(client, orderQuery(params.sid ?? '')),
  },
  { path: '/internal/batch_orders', load: loadBatchOrdersList },
  {
    path: '/internal/accounts',
    roles: [Role.admin],
    load: ({ client }) => prefetchForPage(client, accountsQuery('')),
  },
  {
    path: '/internal/users',
    roles: USER_MANAGERS,
    load: ({ client }) =>
      prefetchForPage(client, usersQuery({ role: undefined, account_sid: undefined, filter: undefined })),
  },
  {
    path: '/internal/vendors',
    roles: [Role.admin],
    load: ({ client }) => prefetchForPage(client, vendorsQuery('')),
  },
  {
    path: '/internal/pricese',
    roles: [Role.admin],
    load: ({ client }) => prefetchForPage(client, priceTablesQuery('')),
  },
  { path: '/internal/hs_tariff_codes', load: ({ client }) => prefetchForPage(client, hsCodesQuery('')) },
];

/** Starts the data of the page at `location`, if it has any the viewer may see. */
export function prefetchRouteData(
  client: QueryClient,
  location: PageLocation,
  viewer: Viewer,
  today = new Date(),
): Promise<unknown> {
  const match = matchRoutes(ROUTES, location.pathname)?.[0];
  if (!match) return Promise.resolve();
  const { route, params } = match;
  if (route.roles && !route.roles.includes(viewer.role)) return Promise.resolve();
  return route.load({ client, params, search: new URLSearchParams(location.search), viewer, today });
}
