import { type ItemDeclaration, Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type StubRequest, stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { ItemDeclarationsPage } from './ItemDeclarationsPage.tsx';

const accounts = [
  { sid: 'acc-1', name: 'Seller One' },
  { sid: 'acc-2', name: 'Seller Two' },
];

const tee: ItemDeclaration = {
  sid: 'dec-1',
  account_sid: 'acc-2',
  skuNumber: 'SKU-TEE-001',
  name: 'Cotton T-shirt',
  refName: 'Ao thun',
  itemDescription: "Men's cotton T-shirt",
  hs_code: '6109.10',
  itemWeight: 180,
  itemWidth: 20,
  itemHeight: 2.5,
  itemLength: 30,
  can_combine: true,
  declaredValue: 8.5,
  originCountry: 'VN',
  date_created: '2025-01-01T00:00:00.000Z',
};

const hsCodes = [{ sid: 'hs-1', hs_code: '6109.10', description: 'T-shirts, knitted' }];

type Handler = (request: StubRequest) => { status: number; body?: unknown } | undefined;

/** The server of these tests: accounts, HS codes and one declaration, plus whatever `extra` answers. */
function stubServer(extra: Handler = () => undefined) {
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.method !== 'GET') return undefined;
    if (request.path === '/accounts') return { status: 200, body: accounts };
    if (request.path === '/hs_codes') return { status: 200, body: hsCodes };
    if (request.path === '/item_declarations/all') return { status: 200, body: [tee] };
    return undefined;
  });
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.search}</p>;
}

function renderPage(search = '') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/internal/item_declarations"
        element={
          <>
            <ItemDeclarationsPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route: `/internal/item_declarations${search}` },
  );
}

const listCalls = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/item_declarations/all');

const sentBody = (fetch: ReturnType<typeof stubServer>, method: string) => {
  const call = fetch.mock.calls.find(([, init]) => init?.method === method);
  return JSON.parse(String(call?.[1]?.body));
};

describe('ItemDeclarationsPage', () => {
  it('keeps the account and the filter in the URL', async () => {
    signInAs(Role.operator);
    const fetch = stubServer();
    const { user } = renderPage('?accountSid=acc-2&filter=tee');

    expect(await screen.findByDisplayValue('Seller Two')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Filter' })).toHaveValue('tee');
    await waitFor(() => {
      const url = listCalls(fetch).at(-1);
      expect(url?.searchParams.get('account_sid')).toBe('acc-2');
      expect(url?.searchParams.get('filter')).toBe('tee');
    });

    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 's');
    expect(screen.getByTestId('location')).toHaveTextContent('?accountSid=acc-2&filter=tees');

    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Seller One' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?accountSid=acc-1&filter=tees');
    await waitFor(() => expect(listCalls(fetch).at(-1)?.searchParams.get('account_sid')).toBe('acc-1'));
  });

  it('asks an operator to choose an account first', async () => {
    signInAs(Role.operator);
    const fetch = stubServer();
    renderPage();

    expect(screen.getByText('Choose an account to see its item declarations.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Declaration' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HS codes' })).toHaveAttribute(
      'href',
      '/internal/hs_tariff_codes',
    );
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(listCalls(fetch)).toHaveLength(0);
  });

  it('sends empty sizes as 0 with the chosen account', async () => {
    signInAs(Role.operator);
    const fetch = stubServer(({ method, path }) =>
      method === 'POST' && path === '/item_declarations' ? { status: 201, body: tee } : undefined,
    );
    const { user } = renderPage('?accountSid=acc-2');

    await user.type(await screen.findByRole('textbox', { name: 'Sku' }), ' SKU-MUG-9 ');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Mug');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Ceramic mug');
    await user.type(screen.getByRole('textbox', { name: 'RefName' }), 'Coc');
    await user.type(screen.getByRole('textbox', { name: 'Weight' }), '0,35');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully created')).toBeInTheDocument();
    expect(sentBody(fetch, 'POST')).toEqual({
      skuNumber: 'SKU-MUG-9',
      name: 'Mug',
      refName: 'Coc',
      itemDescription: 'Ceramic mug',
      hs_code: null,
      itemWeight: 0.35,
      itemWidth: 0,
      itemHeight: 0,
      itemLength: 0,
      can_combine: false,
      declaredValue: null,
      originCountry: 'VN',
      account_sid: 'acc-2',
    });
    expect(screen.getByRole('textbox', { name: 'Sku' })).toHaveValue('');
  });

  it('sends a declared value and a chosen origin, refusing a value of 0 before sending', async () => {
    signInAs(Role.admin);
    const fetch = stubServer(({ method, path }) =>
      method === 'POST' && path === '/item_declarations' ? { status: 201, body: tee } : undefined,
    );
    const { user } = renderPage('?accountSid=acc-2');

    await user.type(await screen.findByRole('textbox', { name: 'Sku' }), 'SKU-MUG-9');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Mug');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Ceramic mug');
    await user.type(screen.getByRole('textbox', { name: 'RefName' }), 'Coc');
    const origin = screen.getByRole('combobox', { name: 'Country of origin' });
    expect(origin).toHaveValue('VN – Vietnam');
    await user.type(screen.getByRole('textbox', { name: 'Declared value (USD)' }), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Declared value must be more than 0')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: 'Declared value (USD)' }));
    await user.type(screen.getByRole('textbox', { name: 'Declared value (USD)' }), '12,5');
    await user.clear(origin);
    await user.type(origin, 'Chin');
    await user.click(await screen.findByRole('option', { name: 'CN – China' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully created')).toBeInTheDocument();
    expect(sentBody(fetch, 'POST')).toMatchObject({ declaredValue: 12.5, originCountry: 'CN' });
  });

  it('loads a clicked row into the Declaration tab, for an admin to update', async () => {
    signInAs(Role.admin);
    const fetch = stubServer(({ method, path, body }) =>
      method === 'PUT' && path === '/item_declarations/dec-1'
        ? { status: 200, body: { ...tee, ...(body as object) } }
        : undefined,
    );
    const { user } = renderPage('?accountSid=acc-2');
    await user.click(await screen.findByRole('tab', { name: 'Upload Excel' }));

    await user.click(await screen.findByText('SKU-TEE-001'));

    expect(screen.getByRole('tab', { name: 'Declaration' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Sku' })).toHaveValue('SKU-TEE-001');
    expect(screen.getByRole('textbox', { name: 'Height' })).toHaveValue('2.5');
    expect(screen.getByRole('checkbox', { name: 'Combinable' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'HS Code' })).toHaveValue('6109.10');
    expect(screen.getByRole('textbox', { name: 'Declared value (USD)' })).toHaveValue('8.5');
    expect(screen.getByRole('combobox', { name: 'Country of origin' })).toHaveValue('VN – Vietnam');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Weight' }));
    await user.type(screen.getByRole('textbox', { name: 'Weight' }), '200');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Successfully updated')).toBeInTheDocument();
    const sent = sentBody(fetch, 'PUT');
    expect(sent).toMatchObject({
      skuNumber: 'SKU-TEE-001',
      itemWeight: 200,
      hs_code: '6109.10',
      declaredValue: 8.5,
      originCountry: 'VN',
    });
    expect(sent).not.toHaveProperty('account_sid');
  });

  it('shows an account user a loaded row read-only, without the account picker', async () => {
    signInAs(Role.account, { account_sid: 'acc-2' });
    const fetch = stubServer();
    const { user } = renderPage('?accountSid=acc-1');

    await user.click(await screen.findByText('SKU-TEE-001'));

    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sku' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(listCalls(fetch)[0]?.searchParams.has('account_sid')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'Sku' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('uploads a sheet only once a file is chosen, and lists the rows it refused', async () => {
    signInAs(Role.admin);
    let attempts = 0;
    const fetch = stubServer(({ method, path }) => {
      if (method !== 'POST' || path !== '/item_declarations/batch') return undefined;
      attempts += 1;
      if (attempts === 1) {
        return {
          status: 400,
          body: {
            msg: 'Row 4, column Weight: Weight must be a number',
            code: 'VALIDATION_FAILED',
            details: [{ path: 'row 4.itemWeight', message: 'Row 4, column Weight: Weight must be a number' }],
          },
        };
      }
      return { status: 200, body: { created: 2, updated: 1, rows: [] } };
    });
    const { user } = renderPage('?accountSid=acc-2');
    await user.click(await screen.findByRole('tab', { name: 'Upload Excel' }));

    const uploadButton = screen.getByRole('button', { name: 'Upload' });
    expect(uploadButton).toBeDisabled();
    await user.upload(screen.getByLabelText(/^Excel file/), new File(['x'], 'declarations.xlsx'));
    await user.click(uploadButton);

    const problems = await screen.findByRole('alert', { name: 'Problems in the file' });
    expect(within(problems).getByText('Row 4, column Weight: Weight must be a number')).toBeInTheDocument();

    await user.click(uploadButton);

    expect(await screen.findByText('Successfully uploaded item declarations')).toBeInTheDocument();
    expect(screen.getByText('2 created, 1 updated')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData;
    expect(sent.get('account_sid')).toBe('acc-2');
    expect(sent.get('file')).toBeInstanceOf(File);
  });
});
