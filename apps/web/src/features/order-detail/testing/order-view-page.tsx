/** The order view in component tests: a stand-in server for its calls, the page rendered, what it sent. */
import type { Order } from '@parcelops/shared';
import { Route, Routes } from 'react-router';
import { type StubRequest, stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrderViewPage } from '../pages/OrderViewPage.tsx';

export type Handler = (request: StubRequest) => { status: number; body?: unknown } | undefined;

const events = [
  { description: 'Order created', location: null, eventTime: '2026-11-01T08:30:00.000Z' },
  { description: 'Received at SGN hub', location: 'Sai Gon', eventTime: '2026-11-02T09:00:00.000Z' },
];

export function stubServer(shown: Order, extra: Handler = () => undefined) {
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.method !== 'GET') return undefined;
    if (request.path === `/orders/${shown.sid}`) return { status: 200, body: shown };
    if (request.path === '/tracking' && request.query.get('filter') === shown.barcode) {
      return { status: 200, body: events };
    }
    if (request.path === `/orders/${shown.sid}/credit_entries`) return { status: 200, body: [] };
    if (request.path === '/hs_codes') {
      return { status: 200, body: [{ sid: 'hs-1', hs_code: '6109.10', description: 'T-shirts, knitted' }] };
    }
    return undefined;
  });
}

export function renderPage(sid = 'ord-1') {
  return renderWithProviders(
    <Routes>
      <Route path="/internal/orders/:sid/view" element={<OrderViewPage />} />
    </Routes>,
    { route: `/internal/orders/${sid}/view` },
  );
}

export const sent = (fetch: ReturnType<typeof stubServer>, method: string) => {
  const call = fetch.mock.calls.find(([, init]) => init?.method === method);
  return call && { url: String(call[0]), body: JSON.parse(String(call[1]?.body)) };
};
