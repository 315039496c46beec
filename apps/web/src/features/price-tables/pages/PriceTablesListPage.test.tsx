import { Messages, Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { PriceTablesListPage } from './PriceTablesListPage.tsx';

function renderList() {
  return renderWithProviders(
    <Routes>
      <Route path="/internal" element={<p>Operator home</p>} />
      <Route path="/internal/pricese" element={<PriceTablesListPage />} />
    </Routes>,
    { route: '/internal/pricese' },
  );
}

describe('PriceTablesListPage', () => {
  it('says so when there are no price tables', async () => {
    signInAs(Role.admin);
    stubFetch(({ path }) => (path === '/pricese' ? { status: 200, body: [] } : undefined));
    renderList();

    expect(screen.getByRole('heading', { name: 'Prices/Rates' })).toBeInTheDocument();
    expect(await screen.findByText('No Pricese.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add price table' })).toHaveAttribute(
      'href',
      '/internal/pricese/add',
    );
  });

  it('sends anyone but an admin home with the pricese refusal', async () => {
    signInAs(Role.operator);
    const fetch = stubFetch(() => undefined);
    renderList();

    expect(await screen.findByText('Operator home')).toBeInTheDocument();
    // The spec's text ends in a space; the default normalizer would trim it away.
    expect(
      screen.getByText(Messages.noPermissionViewPricese, { normalizer: (text) => text }),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's reason when accounts still use the table", async () => {
    signInAs(Role.admin);
    const msg = 'The price table Standard is used by 2 accounts and cannot be deleted.';
    stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/pricese') {
        return {
          status: 200,
          body: [
            { sid: 'pt-1', name: 'Standard', rows_count: 40, accounts_count: 2, date_created: '2025-03-01' },
          ],
        };
      }
      if (method === 'DELETE' && path === '/pricese/pt-1') {
        return { status: 409, body: { msg, code: 'IN_USE' } };
      }
      return undefined;
    });
    const { user } = renderList();

    const row = (await screen.findByText('Standard')).closest('tr');
    if (!row) throw new Error('no row for Standard');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you want to delete the price table Standard?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(msg)).toBeInTheDocument();
  });
});
