/** The account the accounts screens' tests show: a seller on credit, with its vendor. */
import { type Account, Role } from '@parcelops/shared';

export function sellerAccount(overrides: Partial<Account> = {}): Account {
  return {
    sid: 'acc-1',
    name: 'Seller One',
    email: 'seller@example.com',
    role: Role.account,
    is_active: true,
    vendor_sid: 'ven-1',
    price_sid: null,
    vendor: 'Acme Express',
    order_status_hook: null,
    address: null,
    use_credit: true,
    credit_balance: 1500,
    credit_unit: 'USD',
    date_created: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
