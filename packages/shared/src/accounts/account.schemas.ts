import { z } from 'zod';
import { optionalText, requiredText } from '../common/common.schemas.ts';
import { field, says } from '../texts/issues.ts';
import { completeAddress } from './address-completeness.ts';

export const CREDIT_UNITS = ['VND', 'USD'] as const;
export const CreditUnitSchema = z.enum(CREDIT_UNITS);
export type CreditUnit = z.infer<typeof CreditUnitSchema>;

/** Spec §3: the account address is a JSON object; address2 is the only optional part. */
export const AddressSchema = z.object({
  name: requiredText('addressName'),
  address1: requiredText('addressLine1'),
  address2: optionalText(200),
  city: requiredText('city', 100),
  state: requiredText('state', 100),
  postalCode: requiredText('postalCode', 20),
  country: requiredText('country', 100),
});
export type Address = z.infer<typeof AddressSchema>;

/** The address as replies carry it: plain fields, no transforms (replies are encoded through the schema). */
export const AddressReplySchema = z.object({
  name: z.string(),
  address1: z.string(),
  address2: z.string().nullish(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

export { type AddressPart, missingAddressParts, REQUIRED_ADDRESS_PARTS } from './address-completeness.ts';

const hookUrl = optionalText(500).refine(
  (value) => !value || /^https?:\/\/[^\s]+$/i.test(value),
  says('accounts.hookNotUrl'),
);

/** A signed amount added to the credit balance; may be negative (spec §5). */
export const TopupSchema = z
  .number({ error: says('validation.mustBeNumber', { label: field('topup') }) })
  .finite()
  .refine((value) => Math.abs(value) <= 1e12, says('validation.tooLarge', { label: field('topup') }));

export const AccountSchema = z.object({
  sid: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
  is_active: z.boolean(),
  vendor_sid: z.string().nullable(),
  price_sid: z.string().nullable(),
  /** The carrier vendor's display name, for lists. */
  vendor: z.string().nullable(),
  order_status_hook: z.string().nullable(),
  address: AddressReplySchema.nullable(),
  use_credit: z.boolean(),
  credit_balance: z.number(),
  credit_unit: CreditUnitSchema,
  date_created: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

/** What an operator may list for account pickers (product decisions: sid and name only). */
export const AccountSummarySchema = z.object({ sid: z.string(), name: z.string() });
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

export const AccountListSchema = z.array(z.union([AccountSchema, AccountSummarySchema]));

export const CreateAccountInputSchema = z.object({
  name: requiredText('name'),
  email: z
    .string()
    .trim()
    .min(1, says('validation.required', { label: field('email') }))
    .max(200)
    .pipe(z.email(says('validation.notValid', { label: field('email') }))),
  is_active: z.boolean().default(true),
  vendor_sid: requiredText('vendor', 64),
  price_sid: optionalText(64),
  order_status_hook: hookUrl,
  address: completeAddress(AddressSchema).nullish(),
  use_credit: z.boolean().default(false),
  credit_unit: CreditUnitSchema.default('VND'),
  topup: TopupSchema.optional(),
});
export type CreateAccountInput = z.input<typeof CreateAccountInputSchema>;

export const UpdateAccountInputSchema = z.object({
  name: requiredText('name').optional(),
  email: z
    .string()
    .trim()
    .min(1, says('validation.required', { label: field('email') }))
    .max(200)
    .pipe(z.email(says('validation.notValid', { label: field('email') })))
    .optional(),
  is_active: z.boolean().optional(),
  vendor_sid: requiredText('vendor', 64).optional(),
  price_sid: optionalText(64),
  order_status_hook: hookUrl,
  address: completeAddress(AddressSchema).nullish(),
  use_credit: z.boolean().optional(),
  credit_unit: CreditUnitSchema.optional(),
  topup: TopupSchema.optional(),
});
export type UpdateAccountInput = z.input<typeof UpdateAccountInputSchema>;

/** Fields an account user may not change on their own account (spec §5 Account). */
export const ADMIN_ONLY_ACCOUNT_FIELDS = [
  'name',
  'email',
  'is_active',
  'address',
  'vendor_sid',
  'price_sid',
  'use_credit',
  'credit_unit',
  'topup',
] as const;

/** Credit amounts: VND in whole units, USD to the cent. */
export function roundMoney(amount: number, unit: CreditUnit): number {
  return unit === 'VND' ? Math.round(amount) : Math.round(amount * 100) / 100;
}
