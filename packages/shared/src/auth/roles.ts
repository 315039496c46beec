/** Role numbers as the product spec gives them (account 0, operator 1, admin 2). */
export const Role = { account: 0, operator: 1, admin: 2 } as const;
export type Role = (typeof Role)[keyof typeof Role];
export type RoleName = keyof typeof Role;

export const ROLE_VALUES: readonly Role[] = [Role.account, Role.operator, Role.admin];

const NAMES: Record<Role, RoleName> = { 0: 'account', 1: 'operator', 2: 'admin' };

/** The spec: a token's role is admin, operator or, for anything else, an account user. */
export function roleFromNumber(value: unknown): Role {
  if (value === Role.admin) return Role.admin;
  if (value === Role.operator) return Role.operator;
  return Role.account;
}

export function roleName(role: Role): RoleName {
  return NAMES[role];
}

export const ROLE_LABELS: Record<Role, string> = { 0: 'Account', 1: 'Operator', 2: 'Admin' };
