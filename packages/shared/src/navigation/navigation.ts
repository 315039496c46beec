import { Role } from '../auth/roles.ts';

export interface NavEntry {
  key: string;
  label: string;
  /** Where the entry leads; a function when it depends on who is signed in. */
  path: (viewer: { role: Role; account_sid: string | null }) => string;
  roles: readonly Role[];
}

const everyone = [Role.account, Role.operator, Role.admin] as const;
const fixed = (path: string) => () => path;

/** Spec §2 Layouts (the two lists) and §6 Navigation visibility. */
export const MAIN_NAV: readonly NavEntry[] = [
  { key: 'users', label: 'Users', path: fixed('/internal/users'), roles: [Role.admin, Role.account] },
  {
    key: 'accounts',
    label: 'Accounts',
    // Spec §6: admins get the list; everyone else their own account's edit page.
    path: ({ role, account_sid }) =>
      role === Role.admin || !account_sid ? '/internal/accounts' : `/internal/accounts/${account_sid}/edit`,
    roles: [Role.admin, Role.account],
  },
  { key: 'ams', label: 'AMS', path: fixed('/internal/ams'), roles: [Role.admin] },
  {
    key: 'ams-order',
    label: 'AMS Order',
    path: fixed('/internal/create-ams'),
    roles: [Role.admin, Role.operator],
  },
  { key: 'orders', label: 'Orders', path: fixed('/internal/orders'), roles: everyone },
  { key: 'batch-orders', label: 'Batch orders', path: fixed('/internal/batch_orders'), roles: everyone },
  { key: 'scan-order', label: 'Scan order', path: fixed('/internal/scan_orders'), roles: [Role.admin] },
];

export const SETTINGS_NAV: readonly NavEntry[] = [
  { key: 'vendors', label: 'Vendors', path: fixed('/internal/vendors'), roles: [Role.admin] },
  { key: 'pricese', label: 'Pricese', path: fixed('/internal/pricese'), roles: [Role.admin] },
  {
    key: 'item-declarations',
    label: 'Item Declarations',
    path: fixed('/internal/item_declarations'),
    roles: everyone,
  },
];

export function visibleEntries(entries: readonly NavEntry[], role: Role): NavEntry[] {
  return entries.filter((entry) => entry.roles.includes(role));
}

/** Where a user lands after sign-in (spec §2 Login). */
export function homePathFor(viewer: { role: Role; account_sid: string | null }): string {
  if (viewer.role === Role.admin) return '/internal/accounts';
  if (viewer.role === Role.operator) return '/internal';
  return viewer.account_sid ? `/internal/accounts/${viewer.account_sid}/edit` : '/internal';
}
