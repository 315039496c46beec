/** The order view for staff: the order's history (who changed what) and the operator's re-weigh at the hub. */
import { type OrderHistoryEntry, Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatters } from '../../../i18n/format.ts';
import { order } from '../../../test/order-fixtures.ts';
import { signInAs } from '../../../test/session.ts';
import { type Handler, renderPage, sent, stubServer } from '../testing/order-view-page.tsx';

const HISTORY: OrderHistoryEntry[] = [
  {
    at: '2026-11-03T10:00:00.000Z',
    kind: 'reweighed',
    status: null,
    description: 'Re-weighed at the hub',
    description_text: null,
    location: 'Sai Gon',
    location_text: null,
    actor: { kind: 'user', sid: 'user-9', name: 'hub.operator' },
    details: { old_weight: 1200, new_weight: 1500, difference: 40000, unit: 'VND' },
  },
  {
    at: '2026-11-02T09:00:00.000Z',
    kind: 'status',
    status: 1,
    description: 'Received at SGN hub',
    description_text: null,
    location: 'Sai Gon',
    location_text: null,
    actor: { kind: 'user', sid: 'user-9', name: 'hub.operator' },
    details: null,
  },
  {
    at: '2026-11-01T08:31:00.000Z',
    kind: 'status',
    status: 5,
    description: 'Failed',
    description_text: null,
    location: null,
    location_text: null,
    actor: { kind: 'system', sid: null, name: null },
    details: null,
  },
  {
    at: '2026-11-01T08:30:00.000Z',
    kind: 'status',
    status: 0,
    description: 'Order created',
    description_text: null,
    location: null,
    location_text: null,
    actor: { kind: 'api_key', sid: 'key-abcdef', name: 'API key …1a2b' },
    details: null,
  },
];

describe('OrderViewPage history', () => {
  const withHistory: Handler = ({ method, path }) =>
    method === 'GET' && path === '/orders/ord-1/history' ? { status: 200, body: HISTORY } : undefined;

  it.each([Role.admin, Role.operator])(
    'shows staff (role %s) who changed what, newest first',
    async (role) => {
      signInAs(role);
      stubServer(order(), withHistory);
      renderPage();

      const section = await screen.findByTestId('order-history');
      const table = await within(section).findByRole('table', { name: 'History of this order' });
      const rows = within(table).getAllByRole('row').slice(1);
      const format = formatters('en');
      expect(rows.map((row) => row.textContent)).toEqual([
        `${format.dateTime(HISTORY[0]?.at)}Re-weighed 1.20 kg → 1.50 kgCredit difference: +40,000 VNDSai Gonhub.operator`,
        `${format.dateTime(HISTORY[1]?.at)}ScannedReceived at SGN hubSai Gonhub.operator`,
        `${format.dateTime(HISTORY[2]?.at)}FailedSystem`,
        `${format.dateTime(HISTORY[3]?.at)}GeneratedOrder createdAPI key …1a2b`,
      ]);
    },
  );

  it('lets an operator re-weigh at the hub, without the price or the account', async () => {
    signInAs(Role.operator);
    const fetch = stubServer(order(), (request) => {
      if (request.method === 'PUT' && request.path === '/orders/ord-1')
        return { status: 200, body: order({ weight: (request.body as { weight: number }).weight }) };
      return withHistory(request);
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit weight' }));
    // Customer details and HS codes stay the admin's.
    expect(screen.queryByRole('button', { name: 'Edit customer info' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit HS code/ })).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Edit weight' });
    const weight = within(dialog).getByRole('textbox', { name: /^Weight \(g\)/ });
    await user.clear(weight);
    await user.type(weight, '1500');
    expect(within(dialog).getByTestId('reweigh-weight')).toHaveTextContent('1.50 kg');
    expect(
      within(dialog).getByText('The new price and any credit difference are worked out when you save.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Weight updated')).toBeInTheDocument();
    expect(sent(fetch, 'PUT')).toEqual({ url: '/api/v1/orders/ord-1', body: { weight: 1500 } });
    const asked = fetch.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes('/orders/quote') || url.includes('/accounts/'))).toBe(false);
  });
});
