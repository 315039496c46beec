/**
 * Issue 21 item 2: the events' words and places are catalogue texts the server sends beside its English, so
 * the public tracking page shows them in the chosen language and follows the language switch; words without a
 * key (an older event, a free-text place) stay as the server wrote them.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TrackingEvents } from './TrackingEvents.tsx';

const events = [
  {
    description: 'Received at HAN hub',
    description_text: { key: 'hub.event.received', params: { hub: 'HAN' } },
    location: 'Ha Noi',
    location_text: { key: 'hub.city.HAN' },
    eventTime: '2026-11-02T09:00:00.000Z',
    status: 1,
  },
  {
    description: 'Order created',
    description_text: { key: 'orders.event.created' },
    location: 'Austin, TX',
    location_text: null,
    eventTime: '2026-11-01T08:30:00.000Z',
    status: 0,
  },
  {
    description: 'Handed to a neighbour',
    description_text: null,
    location: null,
    location_text: null,
    eventTime: '2026-10-31T08:30:00.000Z',
    status: 0,
  },
];

const cells = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    );

describe('TrackingEvents in both languages', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('shows the events and hubs in Vietnamese, then in English after the switch', async () => {
    stubFetch(({ path }) => (path === '/tracking' ? { status: 200, body: events } : undefined));
    await changeLanguage('vi');
    renderWithProviders(<TrackingEvents barcode="PO1" withCurrentStatus />);

    await screen.findByRole('table');
    expect(cells()).toEqual([
      ['Đã nhận tại kho HAN', 'Hà Nội'],
      ['Đã tạo đơn hàng', 'Austin, TX'],
      ['Handed to a neighbour', ''],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Đã nhận tại kho HAN' })).toBeInTheDocument();

    await act(() => changeLanguage('en'));
    expect(cells()).toEqual([
      ['Received at HAN hub', 'Ha Noi'],
      ['Order created', 'Austin, TX'],
      ['Handed to a neighbour', ''],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Received at HAN hub' })).toBeInTheDocument();
  });
});
