import { z } from 'zod';
import { StrongPasswordSchema } from '../auth/password.ts';
import { ROLE_VALUES, Role } from '../auth/roles.ts';
import { field, says } from '../texts/issues.ts';

export const RoleSchema = z.union(
  ROLE_VALUES.map((value) => z.literal(value)) as [
    z.ZodLiteral<Role>,
    z.ZodLiteral<Role>,
    z.ZodLiteral<Role>,
  ],
  { error: says('users.roleInvalid') },
);

export const UsernameSchema = z
  .string({ error: says('validation.required', { label: field('username') }) })
  .trim()
  .min(3, says('validation.minChars', { label: field('username'), min: 3 }))
  .max(64, says('validation.maxChars', { label: field('username'), max: 64 }))
  .regex(/^[A-Za-z0-9._@-]+$/, says('users.usernameCharacters'));

export const UserSchema = z.object({
  sid: z.string(),
  username: z.string(),
  role: RoleSchema,
  /** The role's name (account, operator or admin), for display. */
  access: z.string(),
  account_sid: z.string().nullable(),
  account_name: z.string().nullable(),
  force_change: z.boolean(),
  date_created: z.string(),
});
export type User = z.infer<typeof UserSchema>;

const accountRequiredForSellers = (value: { role?: Role; account_sid?: string | null }) =>
  value.role !== Role.account || Boolean(value.account_sid);

export const CreateUserInputSchema = z
  .object({
    username: UsernameSchema,
    role: RoleSchema,
    account_sid: z
      .string()
      .trim()
      .max(64)
      .nullish()
      .transform((value) => value || null),
    initial_password: StrongPasswordSchema,
  })
  .refine(accountRequiredForSellers, {
    path: ['account_sid'],
    message: says('users.accountRequired'),
  });
export type CreateUserInput = z.input<typeof CreateUserInputSchema>;

export const UpdateUserInputSchema = z.object({
  username: UsernameSchema.optional(),
  role: RoleSchema.optional(),
  account_sid: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  /** An admin setting a new password makes the user choose their own at next sign-in. */
  password: StrongPasswordSchema.optional(),
});
export type UpdateUserInput = z.input<typeof UpdateUserInputSchema>;

export const ListUsersQuerySchema = z.object({
  role: z.coerce.number().pipe(RoleSchema).optional(),
  account_sid: z.string().trim().max(64).optional(),
  filter: z.string().trim().max(200).optional(),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;
