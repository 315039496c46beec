/** The orders list page in component tests: a stand-in server for its calls, the page rendered, its queries. */
import type { OrderSummary } from '@parcelops/shared';
import { Route, Routes, useLocation } from 'react-router';
import { type StubReply, type StubRequest, stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrdersListPage } from '../pages/OrdersListPage.tsx';

export type OrdersHandler = (request: StubRequest) => StubReply | undefined;

export interface OrdersServer {
  rows: OrderSummary[];
  /** The list's total; the rows' count unless given. */
  total?: number | undefined;
  statistic: readonly { status: number; count: number }[];
  accounts: readonly { sid: string; name: string }[];
  /** Asked first: answers what it returns a reply for (failures, writes). */
  extra?: OrdersHandler | undefined;
}

/** Answers GET /orders, /orders/statistic and /accounts; `extra` first. */
export function stubOrdersServer({
  rows,
  total = rows.length,
  statistic,
  accounts,
  extra = () => undefined,
}: OrdersServer) {
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.method !== 'GET') return undefined;
    if (request.path === '/orders') return { status: 200, body: { data: rows, total } };
    if (request.path === '/orders/statistic') return { status: 200, body: statistic };
    if (request.path === '/accounts') return { status: 200, body: accounts };
    return undefined;
  });
}

function LocationProbe() {
  return <p data-testid="location">{useLocation().search}</p>;
}

/** The page at /internal/orders with this query, and the query string it keeps (test id "location"). */
export function renderOrdersListPage(search = '') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/internal/orders"
        element={
          <>
            <OrdersListPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route: `/internal/orders${search}` },
  );
}

type FetchMock = ReturnType<typeof stubFetch>;

/** The URLs of the calls to this API path, in order. */
export const apiCalls = (fetch: FetchMock, path: string) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api/v1${path}`);

/** The query of the last call to this API path. */
export const lastQuery = (fetch: FetchMock, path: string) => apiCalls(fetch, path).at(-1)?.searchParams;
