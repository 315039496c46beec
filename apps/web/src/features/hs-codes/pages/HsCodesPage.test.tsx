import { type HsCode, Role } from '@parcelops/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { HsCodesPage } from './HsCodesPage.tsx';

const codes: HsCode[] = [
  { sid: 'hs-1', hs_code: '6109.10', description: 'T-shirts, knitted, of cotton' },
  { sid: 'hs-2', hs_code: '4202.92', description: 'Bags of textile materials' },
];

function stubCodes() {
  return stubFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/hs_codes') return { status: 200, body: codes };
    if (method === 'PUT' && path === '/hs_codes/hs-2') {
      return { status: 200, body: { sid: 'hs-2', ...(body as object) } };
    }
    if (method === 'POST' && path === '/hs_codes') {
      return { status: 409, body: { msg: 'The HS code 6109.10 already exists.', code: 'CONFLICT' } };
    }
    return undefined;
  });
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('HsCodesPage', () => {
  it('loads a clicked row into the form, with Update and Delete for an admin', async () => {
    signInAs(Role.admin);
    const fetch = stubCodes();
    const { user } = renderWithProviders(<HsCodesPage />);

    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await user.click(await screen.findByText('4202.92'));

    expect(field('HS Code')).toHaveValue('4202.92');
    expect(field('Description')).toHaveValue('Bags of textile materials');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();

    // Clicking into the loaded form is not a click "outside the table".
    await user.clear(field('Description'));
    await user.type(field('Description'), '  Handbags  ');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Successfully updated')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ hs_code: '4202.92', description: 'Handbags' });
  });

  it('clears the form when a click outside the table drops the selection', async () => {
    signInAs(Role.admin);
    stubCodes();
    const { user } = renderWithProviders(<HsCodesPage />);
    await user.click(await screen.findByText('6109.10'));
    expect(field('HS Code')).toHaveValue('6109.10');

    fireEvent.mouseDown(screen.getByRole('heading', { name: 'Hs Codes' }));

    await waitFor(() => expect(field('HS Code')).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('puts the create prefix before the server msg', async () => {
    signInAs(Role.admin);
    stubCodes();
    const { user } = renderWithProviders(<HsCodesPage />);

    await user.type(field('HS Code'), '6109.10');
    await user.type(field('Description'), 'Duplicate');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(
      await screen.findByText('Failed to create HS code The HS code 6109.10 already exists.'),
    ).toBeInTheDocument();
  });

  it('shows other roles the filter and the table only', async () => {
    signInAs(Role.operator);
    stubCodes();
    const { user } = renderWithProviders(<HsCodesPage />);

    await user.click(await screen.findByText('6109.10'));

    expect(field('Filter')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'HS Code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Add|Update|Delete)$/ })).not.toBeInTheDocument();
  });
});
