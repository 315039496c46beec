import { Role } from '@parcelops/shared';

/** Spec §6: the AMS screens are the admins' (the server refuses anyone else). */
export const AMS_MANAGERS = [Role.admin] as const;
