import { z } from 'zod';
import { StrongPasswordSchema } from './password.ts';

export const LoginInputSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
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
  old_password: z.string().min(1, 'Old password is required').max(200),
  new_password: StrongPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** The create-password form: the new password twice; the old one comes from session storage. */
export const CreatePasswordFormSchema = z
  .object({ password: StrongPasswordSchema, confirm: z.string() })
  .refine((value) => value.password === value.confirm, {
    path: ['confirm'],
    message: 'Passwords do not match',
  });
export type CreatePasswordForm = z.infer<typeof CreatePasswordFormSchema>;
