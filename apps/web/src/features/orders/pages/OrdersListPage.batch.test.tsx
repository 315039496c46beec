import { Role } from '@parcelops/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderSummary } from '../../../test/order-fixtures.ts';
import { signInAs } from '../../../test/session.ts';
import { lastQuery, renderOrdersListPage, stubOrdersServer } from '../testing/orders-list-page.tsx';

const batched = orderSummary({
  sid: 'ord-7',
  orderNumber: 'ORD-7',
  batch_sid: 'bat-1',
  batch_name: 'November drop',
});

describe('OrdersListPage, narrowed to a batch', () => {
  it("lists a batch's orders whenever it ran, says so in a chip, and drops the filter from it", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubOrdersServer({ rows: [batched], statistic: [{ status: 0, count: 1 }], accounts: [] });
    const { user } = renderOrdersListPage('?batch_sid=bat-1');

    expect(await screen.findByText('Batch: November drop')).toBeInTheDocument();
    for (const path of ['/orders', '/orders/statistic']) {
      expect(lastQuery(fetch, path)?.get('batch_sid')).toBe('bat-1');
      // No default date range: an older batch's orders would be hidden by it.
      expect(lastQuery(fetch, path)?.get('from_date')).toBeNull();
      expect(lastQuery(fetch, path)?.get('to_date')).toBeNull();
    }

    await user.click(screen.getByRole('button', { name: 'Remove the batch filter' }));
    expect(screen.getByTestId('location')).not.toHaveTextContent('batch_sid');
    expect(screen.queryByText('Batch: November drop')).not.toBeInTheDocument();
    await waitFor(() => expect(lastQuery(fetch, '/orders')?.get('batch_sid')).toBeNull());
    expect(lastQuery(fetch, '/orders')?.get('from_date')).not.toBeNull();
  });

  it('names the batch by its sid until an order names it', async () => {
    signInAs(Role.admin);
    stubOrdersServer({ rows: [], statistic: [], accounts: [] });
    renderOrdersListPage('?batch_sid=bat-9');
    expect(await screen.findByText('Batch: bat-9')).toBeInTheDocument();
  });
});
