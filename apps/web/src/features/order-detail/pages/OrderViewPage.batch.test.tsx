import { Role } from '@parcelops/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '../../../test/order-fixtures.ts';
import { signInAs } from '../../../test/session.ts';
import { renderPage, stubServer } from '../testing/order-view-page.tsx';

describe('OrderViewPage, an order a batch placed', () => {
  it('names its batch, leading to the batch', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubServer(order({ batch_sid: 'bat-1', batch_name: 'November drop' }));
    renderPage();

    expect(await screen.findByRole('link', { name: 'November drop' })).toHaveAttribute(
      'href',
      '/internal/batch_orders/bat-1/view',
    );
    expect(screen.getByTestId('order-summary-batch')).toHaveTextContent('November drop');
  });

  it('names none for an order placed otherwise', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubServer(order());
    renderPage();

    await screen.findByRole('heading', { name: 'Order ORD-1001' });
    expect(screen.queryByTestId('order-summary-batch')).not.toBeInTheDocument();
  });
});
