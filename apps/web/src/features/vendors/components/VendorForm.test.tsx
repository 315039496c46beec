import { Role, type Vendor } from '@parcelops/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { VendorForm } from './VendorForm.tsx';

const saved: Vendor = {
  sid: 'ven-1',
  vendor: 'vnpost',
  name: 'VN Post',
  username: 'vnp-user',
  password: 'vnp-pass',
  date_created: '2025-01-01T00:00:00.000Z',
  accounts_count: 2,
};

function renderForm(vendor?: Vendor) {
  signInAs(Role.admin);
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  const result = renderWithProviders(<VendorForm vendor={vendor} onSubmit={onSubmit} onCancel={vi.fn()} />);
  return { ...result, onSubmit };
}

async function chooseKind(user: ReturnType<typeof renderForm>['user'], kind: string) {
  await user.click(screen.getByRole('combobox', { name: 'Vendor kind' }));
  await user.click(await screen.findByRole('option', { name: kind }));
}

describe('VendorForm', () => {
  it("starts with mul and shows the chosen kind's credentials", async () => {
    const { user } = renderForm();

    expect(screen.getByRole('combobox', { name: 'Vendor kind' })).toHaveValue('mul');
    expect(screen.getByRole('textbox', { name: 'API key' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^API secret/)).toHaveAttribute('type', 'password');

    await chooseKind(user, 'pgl');

    expect(screen.queryByRole('textbox', { name: 'API key' })).not.toBeInTheDocument();
    for (const label of ['Customer ID', 'Customer user ID', 'Product ID', 'Trade type']) {
      expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    }
  });

  it('offers the shipstore services as a choice', async () => {
    const { user, onSubmit } = renderForm();
    await chooseKind(user, 'shipstore');

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ship Store');
    await user.type(screen.getByRole('textbox', { name: 'Profile ID' }), 'P-1');
    await user.type(screen.getByRole('textbox', { name: 'Client ID' }), 'C-1');
    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    expect(await screen.findByRole('option', { name: 'DHL Parcel Select' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'USPS Ground Advantage' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledWith({
      vendor: 'shipstore',
      name: 'Ship Store',
      ProfileId: 'P-1',
      ClientID: 'C-1',
      serviceName: 'USPS Ground Advantage',
    });
  });

  it('requires the name and every credential of the kind', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('API key is required')).toBeInTheDocument();
    expect(screen.getByText('API secret is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the kind of an existing vendor fixed', async () => {
    const { user, onSubmit } = renderForm(saved);

    expect(screen.getByRole('combobox', { name: 'Vendor kind' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Vendor kind' })).toHaveValue('vnpost');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('vnp-user');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledWith({
      vendor: 'vnpost',
      name: 'VN Post',
      username: 'vnp-user',
      password: 'vnp-pass',
    });
  });
});
