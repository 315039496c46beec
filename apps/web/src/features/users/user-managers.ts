import { Role } from '@parcelops/shared';

/** Spec §6: admins and account users manage users (the server refuses operators on every users route). */
export const USER_MANAGERS = [Role.admin, Role.account] as const;
