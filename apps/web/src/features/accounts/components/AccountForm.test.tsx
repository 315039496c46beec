import { Role } from '@parcelops/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { sellerAccount } from '../testing/account-fixtures.ts';
import { AccountForm } from './AccountForm.tsx';

const vendors = [
  { sid: 'ven-1', vendor: 'mul', name: 'Acme Express', date_created: '2025-01-01', accounts_count: 0 },
];

const account = sellerAccount();

function stubServer() {
  stubFetch(({ method, path }) => {
    if (method === 'GET' && path === '/vendors') return { status: 200, body: vendors };
    if (method === 'GET' && path === '/pricese') return { status: 200, body: [] };
    return undefined;
  });
}

/** An admin saves the edit form (its button named `save`) and the server answers 400 with these details. */
async function saveRefused(save: string, msg: string, details: ConstructorParameters<typeof ApiError>[3]) {
  const onSubmit = vi.fn().mockRejectedValue(new ApiError(400, msg, 'VALIDATION_FAILED', details));
  signInAs(Role.admin);
  stubServer();
  const { user } = renderWithProviders(
    <AccountForm mode="edit" account={account} canEditAll onSubmit={onSubmit} />,
  );
  await user.click(screen.getByRole('button', { name: save }));
}

function renderAdd(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  signInAs(Role.admin);
  stubServer();
  const result = renderWithProviders(<AccountForm mode="add" onSubmit={onSubmit} />);
  return { ...result, onSubmit };
}

describe('AccountForm', () => {
  it('asks for name, email and vendor', async () => {
    const { user, onSubmit } = renderAdd();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Vendor is required')).toBeInTheDocument();
    expect(screen.getByText('Fields marked with an asterisk * are required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names each missing part of a started address on its field and sends nothing, then sends it whole', async () => {
    const { user, onSubmit } = renderAdd();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Shop');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'shop@example.com');
    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Express' }));
    await user.type(screen.getByLabelText('City'), 'Hanoi');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Address name is required for the address')).toBeInTheDocument();
    expect(screen.getByLabelText('Address line 1')).toHaveAccessibleDescription(
      'Address line 1 is required for the address',
    );
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription(
      'Country is required for the address',
    );
    expect(screen.getByLabelText('City')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Address line 2')).not.toHaveAccessibleDescription();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Address name'), 'Warehouse');
    await user.type(screen.getByLabelText('Address line 1'), '1 Trang Tien');
    await user.type(screen.getByLabelText('State'), 'HN');
    await user.type(screen.getByLabelText('Postal code'), '100000');
    await user.type(screen.getByLabelText('Country'), 'VN');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      address: {
        name: 'Warehouse',
        address1: '1 Trang Tien',
        city: 'Hanoi',
        state: 'HN',
        postalCode: '100000',
        country: 'VN',
      },
    });
  });

  it('lets an account user change only the order status hook, and sends only that', async () => {
    signInAs(Role.account, { account_sid: account.sid });
    stubServer();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(
      <AccountForm mode="edit" account={account} canEditAll={false} onSubmit={onSubmit} />,
    );

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Seller One');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Vendor' })).toBeDisabled();
    expect(screen.getByLabelText('Address line 1')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Use credit' })).toBeDisabled();
    expect(screen.queryByLabelText('Topup')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Order status hook'), 'https://shop.example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledWith({ order_status_hook: 'https://shop.example.com/hook' });
  });

  it("puts the server's field errors on the fields", async () => {
    await saveRefused('Save', 'Validation failed', [{ path: 'email', message: 'Email is taken' }]);

    expect(await screen.findByText('Email is taken')).toBeInTheDocument();
  });
});

describe('AccountForm address refusal from the server', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('names the missing parts on their fields before sending, in the chosen language', async () => {
    await changeLanguage('vi');
    const { user, onSubmit } = renderAdd();

    await user.type(screen.getByLabelText('Thành phố'), 'Hà Nội');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Cần nhập mã bưu chính cho địa chỉ')).toBeInTheDocument();
    expect(screen.getByLabelText('Quốc gia')).toHaveAccessibleDescription('Cần nhập quốc gia cho địa chỉ');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts each missing part the server names on its field, in the chosen language', async () => {
    await changeLanguage('vi');
    const detail = (part: string, english: string) => ({
      path: `address.${part}`,
      message: english,
      key: 'accountAddress.partMissing',
      params: { part: { key: `accountAddress.part.${part}` } },
    });
    await saveRefused('Lưu', '2 fields are not valid', [
      detail('city', 'City is required for the address'),
      detail('postalCode', 'Postal code is required for the address'),
    ]);

    expect(await screen.findByText('Cần nhập thành phố cho địa chỉ')).toBeInTheDocument();
    expect(screen.getByLabelText('Mã bưu chính')).toHaveAccessibleDescription(
      'Cần nhập mã bưu chính cho địa chỉ',
    );
  });
});

describe('AccountForm address notice', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('names the parts a started address still needs before it can be saved, and goes once it is complete', async () => {
    const { user } = renderAdd();
    expect(screen.queryByTestId('address-incomplete')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('City'), 'Hanoi');
    await user.type(screen.getByLabelText('Address line 1'), '1 Trang Tien');

    expect(screen.getByTestId('address-incomplete')).toHaveTextContent(
      'Fill in Address name, State, Postal code, Country to save the address, or empty every part to save the account without one.',
    );

    await user.type(screen.getByLabelText('Address name'), 'Warehouse');
    await user.type(screen.getByLabelText('State'), 'HN');
    await user.type(screen.getByLabelText('Postal code'), '100000');
    await user.type(screen.getByLabelText('Country'), 'VN');
    expect(screen.queryByTestId('address-incomplete')).not.toBeInTheDocument();

    // Emptying it again is fine too: the address is optional as a whole.
    for (const label of ['Address name', 'Address line 1', 'City', 'State', 'Postal code', 'Country']) {
      await user.clear(screen.getByLabelText(label));
    }
    expect(screen.queryByTestId('address-incomplete')).not.toBeInTheDocument();
  });

  it('says so in Vietnamese too', async () => {
    await changeLanguage('vi');
    const { user } = renderAdd();

    await user.type(screen.getByLabelText('Thành phố'), 'Hà Nội');

    expect(screen.getByTestId('address-incomplete')).toHaveTextContent(
      'Hãy điền Tên người nhận, Địa chỉ dòng 1, Tỉnh/Bang, Mã bưu chính, Quốc gia để lưu địa chỉ, hoặc xoá hết các mục để lưu tài khoản không có địa chỉ.',
    );
  });

  it("has no Cancel button without somewhere to go back to (a seller's own account page)", () => {
    signInAs(Role.account, { account_sid: account.sid });
    stubServer();
    renderWithProviders(<AccountForm mode="edit" account={account} canEditAll={false} onSubmit={vi.fn()} />);

    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });
});
