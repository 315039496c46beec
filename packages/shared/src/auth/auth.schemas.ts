import { z } from 'zod';
import { field, says } from '../texts/issues.ts';
import { PASSWORDS_DO_NOT_MATCH, StrongPasswordSchema } from './password.ts';

const usernameRequired = says('validation.required', { label: field('username') });
const passwordRequired = says('validation.required', { label: field('password') });

export const LoginInputSchema = z.object({
  username: z.string({ error: usernameRequired }).trim().min(1, usernameRequired).max(100),
  password: z.string({ error: passwordRequired }).min(1, passwordRequired).max(200),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const LoginResponseSchema = z.object({
  token: z.string(),
  force_change: z.boolean(),
  user_sid: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** What the signed JWT carries; the web reads role and account_sid from it. */
export const TokenPayloadSchema = z.object({
  sub: z.string(),
  role: z.number().int(),
  account_sid: z.string().nullable(),
  username: z.string(),
  exp: z.number().optional(),
});
export type TokenPayload = z.infer<typeof TokenPayloadSchema>;

export const ChangePasswordInputSchema = z.object({
  old_password: z
    .string()
    .min(1, says('validation.required', { label: field('oldPassword') }))
    .max(200),
  new_password: StrongPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** The create-password form: the new password twice; the old one comes from session storage. */
export const CreatePasswordFormSchema = z
  .object({ password: StrongPasswordSchema, confirm: z.string() })
  .refine((value) => value.password === value.confirm, {
    path: ['confirm'],
    message: says('auth.passwordsDoNotMatch'),
  });
export type CreatePasswordForm = z.infer<typeof CreatePasswordFormSchema>;

/**
 * The change-password dialog under a signed-in user's name (issue 21): the current password, then the new one
 * twice, by the same rules as the change call and the create-password screen.
 */
export const OwnPasswordFormSchema = z
  .object({
    old_password: ChangePasswordInputSchema.shape.old_password,
    password: StrongPasswordSchema,
    confirm: z.string(),
  })
  .refine((value) => value.password === value.confirm, {
    path: ['confirm'],
    message: PASSWORDS_DO_NOT_MATCH,
  });
export type OwnPasswordForm = z.infer<typeof OwnPasswordFormSchema>;
