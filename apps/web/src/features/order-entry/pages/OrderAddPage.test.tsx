import {
  chargeableWeight,
  Messages,
  NO_ITEMS_MESSAGE,
  type OrderQuoteInput,
  PriceLookupError,
  priceFor,
  Role,
} from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type StubRequest, stubFetch } from '../../../test/fetch.ts';
import { order } from '../../../test/order-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { OrderAddPage } from './OrderAddPage.tsx';

type Handler = (request: StubRequest) => { status: number; body?: unknown } | undefined;

/** The price table acc-1 is billed by. */
const priceTable = {
  rows: [
    { weight: 500, vnd: 100000, usd: 4 },
    { weight: 1000, vnd: 180000, usd: 7.5 },
  ],
};

const ZERO_WEIGHT =
  'The chargeable weight is 0 g: give each item its weight or measures (or declare its SKU with them), so the order can be priced.';

/** POST /orders/quote as the server answers it: acc-1 is priced by priceTable, any other account has none. */
function quote({ account_sid, items }: OrderQuoteInput, seller: string | undefined) {
  if ((account_sid ?? seller) !== 'acc-1')
    return { status: 400, body: { msg: 'The account Other has no price table.', code: 'VALIDATION_FAILED' } };
  const weight = chargeableWeight(items);
  if (weight === 0)
    return {
      status: 400,
      body: { msg: ZERO_WEIGHT, code: 'VALIDATION_FAILED', key: 'orderWeight.zero' },
    };
  try {
    const { vnd, usd } = priceFor(priceTable.rows, weight);
    return { status: 200, body: { weight, vnd, usd } };
  } catch (error) {
    if (!(error instanceof PriceLookupError)) throw error;
    return { status: 400, body: { msg: error.message, code: 'VALIDATION_FAILED' } };
  }
}

/** acc-1's declared SKUs. */
const DECLARATIONS = [
  {
    sid: 'decl-1',
    account_sid: 'acc-1',
    skuNumber: 'MUG-RED',
    name: 'Red mug',
    refName: 'Mug',
    itemDescription: 'Ceramic mug, red',
    hs_code: '6912.00',
    itemWeight: 350,
    itemWidth: 10,
    itemHeight: 12,
    itemLength: 10,
    can_combine: true,
    declaredValue: 4.5,
    originCountry: 'CN',
  },
  {
    sid: 'decl-2',
    account_sid: 'acc-1',
    skuNumber: 'MUG-BLUE',
    name: 'Blue mug',
    refName: 'Mug',
    itemDescription: 'Ceramic mug, blue',
    hs_code: null,
    itemWeight: 700,
    itemWidth: 10,
    itemHeight: 12,
    itemLength: 10,
    can_combine: true,
    declaredValue: null,
    originCountry: 'VN',
  },
];

function stubServer(extra: Handler = () => undefined, seller?: string) {
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.method === 'POST' && request.path === '/orders/quote')
      return quote(request.body as OrderQuoteInput, seller);
    if (request.method !== 'GET') return undefined;
    if (request.path === '/accounts') return { status: 200, body: [{ sid: 'acc-1', name: 'Seller One' }] };
    if (request.path === '/hs_codes') return { status: 200, body: [] };
    if (request.path === '/item_declarations/all') {
      const filter = (request.query.get('filter') ?? '').toLowerCase();
      const owner = request.query.get('account_sid') ?? seller;
      const found = DECLARATIONS.filter(
        (declaration) =>
          declaration.account_sid === owner && declaration.skuNumber.toLowerCase().includes(filter),
      );
      return { status: 200, body: found };
    }
    return undefined;
  });
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/internal/orders/add" element={<OrderAddPage />} />
      <Route path="/internal/orders/:sid/view" element={<h1>Order view</h1>} />
    </Routes>,
    { route: '/internal/orders/add' },
  );
}

const item = (number: number) => screen.getByRole('group', { name: `Item ${number}` });
const field = (name: string | RegExp, container: HTMLElement = document.body) =>
  within(container).getByRole('textbox', { name });

/** The SKU box offers declared SKUs, so it is a combobox rather than a plain textbox. */
const sku = (container: HTMLElement) => within(container).getByRole('combobox', { name: /^SKU/ });

async function fillRequired(user: ReturnType<typeof renderPage>['user']) {
  await user.type(field(/^Order number/), 'ORD-7');
  await user.type(field(/^Name/), 'Jane Buyer');
  await user.type(field(/^Address 1/), '1 Main St');
  await user.type(field(/^City/), 'Austin');
  // The country starts as the US: the state is chosen from its USPS codes.
  await user.click(screen.getByRole('combobox', { name: /^State/ }));
  await user.click(await screen.findByRole('option', { name: 'TX – Texas' }));
  await user.type(field(/^ZIP code/), '73301');
  await user.type(sku(item(1)), 'SKU-TEE');
}

describe('OrderAddPage', () => {
  it("offers the seller's declared SKUs and fills the item from the chosen one, and the price follows", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubServer(undefined, 'acc-1');
    const { user } = renderPage();

    await user.type(sku(item(1)), 'mug');
    expect(await screen.findByRole('option', { name: /MUG-RED/ })).toHaveTextContent('Ceramic mug, red');
    expect(screen.getByRole('option', { name: /MUG-BLUE/ })).toBeInTheDocument();
    // Sellers ask for their own declarations: no account named.
    const asked = fetch.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.includes('/item_declarations'));
    expect(asked).toBe('/api/v1/item_declarations/all?filter=mug');

    await user.click(screen.getByRole('option', { name: /MUG-BLUE/ }));

    expect(sku(item(1))).toHaveValue('MUG-BLUE');
    expect(field('Description', item(1))).toHaveValue('Ceramic mug, blue');
    expect(field('Weight (g)', item(1))).toHaveValue('700');
    expect(field('Width (cm)', item(1))).toHaveValue('10');
    expect(field('Height (cm)', item(1))).toHaveValue('12');
    expect(field('Length (cm)', item(1))).toHaveValue('10');
    expect(screen.getByTestId('chargeable-weight')).toHaveTextContent('0.70 kg');
    await waitFor(() =>
      expect(screen.getByTestId('order-price')).toHaveTextContent('180,000 VND · 7.50 USD'),
    );
    const quotes = fetch.mock.calls
      .filter(([url]) => String(url).endsWith('/orders/quote'))
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(quotes).toContainEqual({
      items: [
        {
          skuNumber: 'MUG-BLUE',
          quantity: 1,
          itemWeight: 700,
          itemWidth: 10,
          itemHeight: 12,
          itemLength: 10,
        },
      ],
    });
  });

  it("fills the HS code from the declaration and offers an admin the chosen account's SKUs", async () => {
    signInAs(Role.admin);
    const fetch = stubServer();
    const { user } = renderPage();

    await user.click(screen.getByRole('combobox', { name: /^Account/ }));
    await user.click(await screen.findByRole('option', { name: 'Seller One' }));
    await user.type(sku(item(1)), 'RED');
    await user.click(await screen.findByRole('option', { name: /MUG-RED/ }));

    expect(within(item(1)).getByRole('combobox', { name: 'HS code' })).toHaveValue('6912.00');
    expect(field('Weight (g)', item(1))).toHaveValue('350');
    expect(field('Declared value (USD)', item(1))).toHaveValue('4.5');
    expect(within(item(1)).getByRole('combobox', { name: 'Country of origin' })).toHaveValue('CN – China');
    const asked = fetch.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/item_declarations'));
    expect(asked.at(-1)).toBe('/api/v1/item_declarations/all?filter=RED&account_sid=acc-1');
  });

  it('keeps the last item and says an order needs one', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubServer();
    const { user } = renderPage();

    await user.click(within(item(1)).getByRole('button', { name: 'Remove' }));

    expect(screen.getByRole('alert')).toHaveTextContent(NO_ITEMS_MESSAGE);
    expect(item(1)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(item(2)).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('group', { name: 'Item 2' })).not.toBeInTheDocument();
  });

  it('updates the chargeable weight as the items are typed', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubServer(undefined, 'acc-1');
    const { user } = renderPage();
    const weight = screen.getByTestId('chargeable-weight');
    expect(weight).toHaveTextContent('0.00 kg');

    const quantity = field(/^Quantity/, item(1));
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.type(field('Weight (g)', item(1)), '300');
    expect(weight).toHaveTextContent('0.60 kg');

    // 30 × (2 × 10) × 40 / 5 = 4800 g outweighs the 600 g the pieces weigh.
    await user.type(field('Width (cm)', item(1)), '30');
    await user.type(field('Height (cm)', item(1)), '10');
    await user.type(field('Length (cm)', item(1)), '40');
    expect(weight).toHaveTextContent('4.80 kg');
  });

  it("shows a seller their account's price as they type, from the server's quote", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubServer(undefined, 'acc-1');
    const { user } = renderPage();
    // A blank item weighs nothing: an order of 0 g has no price, and the server is not asked (issue 21).
    expect(screen.getByText('Give the items a weight or measures to see the price.')).toBeInTheDocument();

    await user.type(field('Weight (g)', item(1)), '600');
    await waitFor(() =>
      expect(screen.getByTestId('order-price')).toHaveTextContent('180,000 VND · 7.50 USD'),
    );
    // The seller's own account is implied: the quote names none.
    const quotes = fetch.mock.calls.filter(([url]) => String(url).endsWith('/orders/quote'));
    expect(quotes.map(([, init]) => JSON.parse(String(init?.body)))).toContainEqual({
      items: [{ quantity: 1, itemWeight: 600, itemWidth: 0, itemHeight: 0, itemLength: 0 }],
    });
    // Typing pauses before asking: one quote for "600", none for "6" or "60".
    expect(quotes.length).toBeLessThanOrEqual(2);

    const quantity = field(/^Quantity/, item(1));
    await user.clear(quantity);
    expect(screen.getByText('Each item needs a quantity of at least 1 to be priced.')).toBeInTheDocument();
  });

  it("shows an admin the price from the chosen account's table", async () => {
    signInAs(Role.admin);
    stubServer();
    const { user } = renderPage();
    expect(screen.getByText('Choose an account to see the price.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /^Account/ }));
    await user.click(await screen.findByRole('option', { name: 'Seller One' }));
    await user.type(field('Weight (g)', item(1)), '600');

    await waitFor(() =>
      expect(screen.getByTestId('order-price')).toHaveTextContent('180,000 VND · 7.50 USD'),
    );

    await user.type(field('Weight (g)', item(1)), '0');
    expect(
      await screen.findByText(
        'The chargeable weight 6,000 g is over the largest weight of the price table (1,000 g).',
      ),
    ).toBeInTheDocument();
  });

  it('requires the account from an admin', async () => {
    signInAs(Role.admin);
    const fetch = stubServer();
    const { user } = renderPage();
    await fillRequired(user);

    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText('Account is required')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("puts the server's 400 details on the item's fields", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubServer(({ method, path }) =>
      method === 'POST' && path === '/orders'
        ? {
            status: 400,
            body: {
              msg: 'Validation failed',
              code: 'VALIDATION_FAILED',
              details: [{ path: 'items.1.quantity', message: 'Quantity is too large' }],
            },
          }
        : undefined,
    );
    const { user } = renderPage();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(sku(item(2)), 'SKU-MUG');

    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await within(item(2)).findByText('Quantity is too large')).toBeInTheDocument();
    expect(within(item(1)).queryByText('Quantity is too large')).not.toBeInTheDocument();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
  });

  it('marks only the order number when the number is already taken, without a toast as well', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const taken = 'Order number ORD-7 already exists in this account.';
    stubServer(({ method, path }) =>
      method === 'POST' && path === '/orders'
        ? {
            status: 409,
            body: {
              msg: taken,
              code: 'ORDER_NUMBER_TAKEN',
              details: [{ path: 'orderNumber', message: taken }],
            },
          }
        : undefined,
    );
    const { user } = renderPage();
    await fillRequired(user);

    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getAllByText(taken)).toHaveLength(1);
    expect(field(/^Order number/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("starts with the US, offers its states, and shows the server's ZIP code mismatch on the ZIP code", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const mismatch = '73301 is in TX, not CA';
    const fetch = stubServer(({ method, path }) =>
      method === 'POST' && path === '/orders'
        ? {
            status: 400,
            body: {
              msg: mismatch,
              code: 'VALIDATION_FAILED',
              key: 'addresses.zip.otherState',
              params: { zip: '73301', zipState: 'TX', state: 'CA' },
              details: [
                {
                  path: 'postalCode',
                  message: mismatch,
                  key: 'addresses.zip.otherState',
                  params: { zip: '73301', zipState: 'TX', state: 'CA' },
                },
              ],
            },
          }
        : undefined,
    );
    const { user } = renderPage();
    expect(screen.getByRole('combobox', { name: /^Country\s*\*?$/ })).toHaveValue('United States (US)');
    await user.type(field(/^Order number/), 'ORD-8');
    await user.type(field(/^Name/), 'Jane Buyer');
    await user.type(field(/^Address 1/), '1 Main St');
    await user.type(field(/^City/), 'Austin');
    // Searched by name: "calif" finds California.
    await user.type(screen.getByRole('combobox', { name: /^State/ }), 'calif');
    await user.click(await screen.findByRole('option', { name: 'CA – California' }));
    await user.type(field(/^ZIP code/), '7330');
    await user.type(sku(item(1)), 'SKU-TEE');
    await user.type(field('Weight (g)', item(1)), '300');

    // The ZIP code's shape is checked before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(/^7330 is not a ZIP code/)).toBeInTheDocument();
    await user.type(field(/^ZIP code/), '1');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText(mismatch)).toBeInTheDocument();
    expect(field(/^ZIP code/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(mismatch)).toHaveLength(1);
    const post = fetch.mock.calls.find(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/orders'),
    );
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      country: 'US',
      state: 'CA',
      postalCode: '73301',
    });
  });

  it('shows the msg of a refused order, such as too little credit', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const msg = 'Not enough credit: the balance is 50,000 VND and the order costs 180,000 VND.';
    stubServer(({ method, path }) =>
      method === 'POST' && path === '/orders'
        ? { status: 422, body: { msg, code: 'INSUFFICIENT_CREDIT' } }
        : undefined,
    );
    const { user } = renderPage();
    await fillRequired(user);

    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText(msg)).toBeInTheDocument();
  });

  it('places the order and opens it', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubServer(({ method, path }) =>
      method === 'POST' && path === '/orders' ? { status: 201, body: order({ sid: 'ord-7' }) } : undefined,
    );
    const { user } = renderPage();
    await fillRequired(user);
    await user.type(field('Weight (g)', item(1)), '250.5');

    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { name: 'Order view' })).toBeInTheDocument();
    expect(screen.getByText(Messages.orderCreated)).toBeInTheDocument();
    const post = fetch.mock.calls.find(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/orders'),
    );
    const body = JSON.parse(String(post?.[1]?.body));
    expect(body).toMatchObject({
      orderNumber: 'ORD-7',
      name: 'Jane Buyer',
      country: 'US',
      items: [{ skuNumber: 'SKU-TEE', quantity: 1, itemWeight: 250.5, itemWidth: 0, hs_code: '' }],
    });
    expect(body).not.toHaveProperty('account_sid');
    expect(body).not.toHaveProperty('sellerInformation');
  });

  it("sends an item's declared value and origin when given, and leaves them to the SKU when empty", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubServer(({ method, path }) =>
      method === 'POST' && path === '/orders' ? { status: 201, body: order({ sid: 'ord-7' }) } : undefined,
    );
    const { user } = renderPage();
    await fillRequired(user);
    const origin = within(item(1)).getByRole('combobox', { name: 'Country of origin' });
    expect(origin).toHaveValue('');
    expect(origin).toHaveAttribute('placeholder', "The SKU's declared origin, or VN");
    await user.type(field('Declared value (USD)', item(1)), '12.5');
    await user.type(origin, 'Thai');
    await user.click(await screen.findByRole('option', { name: 'TH – Thailand' }));
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(sku(item(2)), 'SKU-MUG');

    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { name: 'Order view' })).toBeInTheDocument();
    const post = fetch.mock.calls.find(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/orders'),
    );
    const [first, second] = JSON.parse(String(post?.[1]?.body)).items;
    expect(first).toMatchObject({ skuNumber: 'SKU-TEE', declaredValue: 12.5, originCountry: 'TH' });
    expect(second).not.toHaveProperty('declaredValue');
    expect(second).not.toHaveProperty('originCountry');
  });

  it('refuses a declared value of 0 on its item before sending', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubServer();
    const { user } = renderPage();
    await fillRequired(user);
    await user.type(field('Declared value (USD)', item(1)), '0');

    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await within(item(1)).findByText('Declared value must be more than 0')).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/orders')),
    ).toBe(false);
  });
});
