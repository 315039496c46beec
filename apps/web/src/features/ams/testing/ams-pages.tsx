/** The AMS pages in component tests: a stand-in server, each page at its route, and the calls it made. */
import type { Ams, AmsStatistic, OrderSummary, Reconciliation, WaitingParcel } from '@parcelops/shared';
import { Route, Routes, useLocation } from 'react-router';
import { type StubReply, type StubRequest, stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AmsAddPage } from '../pages/AmsAddPage.tsx';
import { AmsListPage } from '../pages/AmsListPage.tsx';
import { AmsViewPage } from '../pages/AmsViewPage.tsx';
import {
  ams as amsFixture,
  amsOrders,
  reconciliation as reconciliationFixture,
  statistic as statisticFixture,
} from './ams-fixtures.ts';

export interface AmsServer {
  list?: Ams[];
  total?: number;
  ams?: Ams;
  statistic?: AmsStatistic;
  orders?: OrderSummary[];
  reconciliation?: Reconciliation;
  /** GET /ams/{sid}/waiting: every parcel waiting, served a page at a time as asked. */
  waiting?: WaitingParcel[];
  /** Asked first: answers what it returns a reply for (writes, failures). */
  extra?: (request: StubRequest) => StubReply | undefined;
}

/**
 * Answers GET /ams, /ams/{sid}, its reconciliation and waiting list, /orders/statisticForAms and /orders;
 * `extra` first.
 */
export function stubAmsServer({
  list = [amsFixture()],
  total = list.length,
  ams = amsFixture(),
  statistic = statisticFixture(),
  orders = amsOrders(3),
  reconciliation = reconciliationFixture(),
  waiting = [],
  extra = () => undefined,
}: AmsServer = {}) {
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.method !== 'GET') return undefined;
    if (request.path === '/ams') return { status: 200, body: { data: list, total } };
    if (request.path === `/ams/${ams.sid}`) return { status: 200, body: ams };
    if (request.path === `/ams/${ams.sid}/reconciliation`) return { status: 200, body: reconciliation };
    if (request.path === `/ams/${ams.sid}/waiting`) {
      const page = Number(request.query.get('page') ?? 0);
      const size = Number(request.query.get('page_size') ?? 25);
      return {
        status: 200,
        body: { data: waiting.slice(page * size, (page + 1) * size), total: waiting.length },
      };
    }
    if (request.path === '/orders/statisticForAms') return { status: 200, body: statistic };
    if (request.path === '/orders') return { status: 200, body: { data: orders, total: orders.length } };
    return undefined;
  });
}

type FetchMock = ReturnType<typeof stubFetch>;

/** The calls made to this method and API path, in order, with their query and body. */
export const callsTo = (fetch: FetchMock, method: string, path: string) =>
  fetch.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: init ?? {} }))
    .filter(({ url, init }) => url.pathname === `/api/v1${path}` && (init.method ?? 'GET') === method)
    .map(({ url, init }) => ({
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    }));

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(route: string) {
  const probe = <LocationProbe />;
  return renderWithProviders(
    <Routes>
      <Route
        path="/internal/ams"
        element={
          <>
            <AmsListPage />
            {probe}
          </>
        }
      />
      <Route
        path="/internal/ams/add"
        element={
          <>
            <AmsAddPage />
            {probe}
          </>
        }
      />
      <Route
        path="/internal/ams/:sid/view"
        element={
          <>
            <AmsViewPage />
            {probe}
          </>
        }
      />
      <Route path="*" element={probe} />
    </Routes>,
    { route },
  );
}

export const renderAmsList = (search = '') => renderAt(`/internal/ams${search}`);
export const renderAmsAdd = () => renderAt('/internal/ams/add');
export const renderAmsView = (sid = 'ams-1') => renderAt(`/internal/ams/${sid}/view`);
