import { Role } from '@parcelops/shared';

/**
 * Who places and deletes orders: sellers for their own account, admins for any account (spec §6). Operators
 * work on orders across accounts but neither create nor delete them; the server refuses them both.
 */
export const ORDER_PLACERS: readonly Role[] = [Role.admin, Role.account];

export function canAddOrders(role: Role): boolean {
  return ORDER_PLACERS.includes(role);
}
