import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import type { OrderListParams } from '../../../lib/order-queries.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrderReportButtons } from './OrderReportButtons.tsx';

const QUERY: OrderListParams = {
  from_date: '2026-11-01',
  to_date: '2026-11-23',
  account_sid: 'acc-1',
  filter: 'REP-',
  filter_missing_hs_code: false,
  ams_masterAirWaybill: '',
  ams_carton_label: '',
  page: 3,
  page_size: 50,
  status: 4,
  sort: 'orderNumber',
  direction: 'asc',
};

describe('OrderReportButtons', () => {
  it("downloads each report with the list's filters and order, every page, spinning meanwhile", async () => {
    let finish: () => void = () => {};
    const download = vi
      .spyOn(api, 'download')
      .mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderWithProviders(<OrderReportButtons query={QUERY} />);
    const report = screen.getByRole('button', { name: 'Report' });
    await user.click(report);
    const { page: _page, page_size: _size, ...filters } = QUERY;
    expect(download).toHaveBeenCalledWith('/orders/report', 'orders_report.xlsx', filters);
    await waitFor(() => expect(report).toHaveAttribute('data-loading', 'true'));
    finish();
    await waitFor(() => expect(report).not.toHaveAttribute('data-loading'));

    download.mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Delivery time report' }));
    expect(download).toHaveBeenLastCalledWith(
      '/orders/deliveryTimeReport',
      'delivery_time_report.xlsx',
      filters,
    );
  });

  it('only logs a failed download (spec §8)', async () => {
    vi.spyOn(api, 'download').mockRejectedValue(new Error('boom'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithProviders(<OrderReportButtons query={QUERY} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
