import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { order } from '../../orders/testing/order-fixtures.ts';
import { OrderDetails } from './OrderDetails.tsx';

const shipped = order({
  phone: null,
  sellerInformation: { name: 'Shop A', address1: '9 Dock St', address2: null, city: 'HCM', country: 'VN' },
  ams_details: { airportCode: 'SGN', hawb: 'H-1', carrier: null, serviceType: '' },
});

describe('OrderDetails', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('reads as words: money, addresses and manifest details, a dash for an empty field, never "null"', () => {
    renderWithProviders(<OrderDetails order={shipped} />);

    expect(screen.getByRole('row', { name: 'Price (VND) 180,000 VND' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Price (USD) 7.50 USD' })).toBeInTheDocument();
    expect(
      screen.getByRole('row', { name: 'Seller information Shop A, 9 Dock St, HCM, VN' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'AMS details Airport: SGN · HAWB: H-1' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Phone No value' })).toHaveTextContent('—');
    expect(screen.getByRole('row', { name: 'Batch order No value' })).toBeInTheDocument();
    expect(screen.queryByText(/null|\{/)).not.toBeInTheDocument();
  });

  it('labels every field in Vietnamese, with Vietnamese number formats', async () => {
    await changeLanguage('vi');
    renderWithProviders(<OrderDetails order={shipped} />);

    expect(screen.getByRole('row', { name: 'Giá (VND) 180.000 VND' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Giá (USD) 7,50 USD' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Điện thoại Trống' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Chi tiết AMS Sân bay: SGN · HAWB: H-1' })).toBeInTheDocument();
  });
});
