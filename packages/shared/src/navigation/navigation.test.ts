import { describe, expect, it } from 'vitest';
import { Role } from '../auth/roles.ts';
import { homePathFor, MAIN_NAV, SETTINGS_NAV, visibleEntries } from './navigation.ts';

const labels = (role: Role) => ({
  main: visibleEntries(MAIN_NAV, role).map((entry) => entry.label),
  settings: visibleEntries(SETTINGS_NAV, role).map((entry) => entry.label),
});

describe('navigation visibility (spec §6)', () => {
  it('shows admins everything', () => {
    expect(labels(Role.admin)).toEqual({
      main: ['Users', 'Accounts', 'AMS', 'AMS Order', 'Orders', 'Batch orders', 'Scan order'],
      settings: ['Vendors', 'Pricese', 'Item Declarations'],
    });
  });

  it('hides users, accounts, AMS, scanning, vendors and prices from operators', () => {
    expect(labels(Role.operator)).toEqual({
      main: ['AMS Order', 'Orders', 'Batch orders'],
      settings: ['Item Declarations'],
    });
  });

  it('shows account users their users, account, orders and declarations', () => {
    expect(labels(Role.account)).toEqual({
      main: ['Users', 'Accounts', 'Orders', 'Batch orders'],
      settings: ['Item Declarations'],
    });
  });

  it('sends the Accounts entry to the list for admins and to their own account for others', () => {
    const accounts = MAIN_NAV.find((entry) => entry.key === 'accounts');
    expect(accounts?.path({ role: Role.admin, account_sid: 'a1' })).toBe('/internal/accounts');
    expect(accounts?.path({ role: Role.account, account_sid: 'a1' })).toBe('/internal/accounts/a1/edit');
  });
});

describe('homePathFor (spec §2 Login)', () => {
  it('sends each role to its home', () => {
    expect(homePathFor({ role: Role.admin, account_sid: null })).toBe('/internal/accounts');
    expect(homePathFor({ role: Role.operator, account_sid: null })).toBe('/internal');
    expect(homePathFor({ role: Role.account, account_sid: 'a1' })).toBe('/internal/accounts/a1/edit');
  });
});
