import { Messages, Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { VendorsListPage } from './VendorsListPage.tsx';

const vendors = [
  { sid: 'ven-1', vendor: 'mul', name: 'Acme Express', date_created: '2025-01-01', accounts_count: 3 },
  { sid: 'ven-2', vendor: 'pgl', name: 'Spare Line', date_created: '2025-01-02', accounts_count: 0 },
];

function stubVendors() {
  const list = [...vendors];
  stubFetch(({ method, path }) => {
    if (method === 'GET' && path === '/vendors') return { status: 200, body: list };
    if (method === 'DELETE' && path === '/vendors/ven-1') {
      return { status: 409, body: { msg: 'Acme Express is used by 3 accounts', code: 'IN_USE' } };
    }
    if (method === 'DELETE' && path === '/vendors/ven-2') {
      list.splice(1, 1);
      return { status: 200, body: { sid: 'ven-2' } };
    }
    return undefined;
  });
}

/** As an admin on the stubbed list, deletes the named vendor and confirms. */
async function deleteVendor(name: string) {
  signInAs(Role.admin);
  stubVendors();
  const { user } = renderWithProviders(<VendorsListPage />);
  const row = (await screen.findByText(name)).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  await user.click(within(row).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(Messages.confirmDeleteVendor(name))).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('VendorsListPage', () => {
  it('deletes an unused vendor after confirmation', async () => {
    await deleteVendor('Spare Line');

    expect(await screen.findByText('Successfully deleted')).toBeInTheDocument();
    expect(screen.queryByText('Spare Line')).not.toBeInTheDocument();
  });

  it("shows the server's reason when accounts still use the vendor", async () => {
    await deleteVendor('Acme Express');

    expect(await screen.findByText('Acme Express is used by 3 accounts')).toBeInTheDocument();
    expect(screen.getByText('Acme Express')).toBeInTheDocument();
  });

  it('says so when there are no vendors', async () => {
    signInAs(Role.admin);
    stubFetch(({ path }) => (path === '/vendors' ? { status: 200, body: [] } : undefined));
    renderWithProviders(<VendorsListPage />);

    expect(await screen.findByText(Messages.noVendors)).toBeInTheDocument();
  });
});
