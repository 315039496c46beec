import { z } from 'zod';
import { requiredText } from '../common/common.schemas.ts';
import type { FieldName } from '../texts/catalog/fields.ts';
import { says } from '../texts/issues.ts';

export const VENDOR_KINDS = ['mul', 'pgl', 'boxc', 'vnpost', 'shipstore'] as const;
export const VendorKindSchema = z.enum(VENDOR_KINDS, { error: says('vendors.kindInvalid') });
export type VendorKind = z.infer<typeof VendorKindSchema>;
/** Spec §9: the vendor kind a new vendor form starts with. */
export const DEFAULT_VENDOR_KIND: VendorKind = 'mul';

export const SHIPSTORE_SERVICES = ['DHL Parcel Select', 'USPS Ground Advantage'] as const;

export interface CredentialField {
  name: string;
  label: string;
  /** Shown as a password input. */
  secret?: boolean;
  options?: readonly string[];
}

/** The credentials each kind of vendor needs (spec §3 Vendor); the form renders these fields. */
export const VENDOR_CREDENTIAL_FIELDS: Record<VendorKind, readonly CredentialField[]> = {
  mul: [
    { name: 'api_key', label: 'API key' },
    { name: 'api_secret', label: 'API secret', secret: true },
  ],
  pgl: [
    { name: 'customer_id', label: 'Customer ID' },
    { name: 'customer_userid', label: 'Customer user ID' },
    { name: 'product_id', label: 'Product ID' },
    { name: 'trade_type', label: 'Trade type' },
  ],
  boxc: [
    { name: 'username', label: 'Username' },
    { name: 'password', label: 'Password', secret: true },
    { name: 'terms', label: 'Terms' },
    { name: 'entry_point', label: 'Entry point' },
    { name: 'exit_point', label: 'Exit point' },
    { name: 'service', label: 'Service' },
  ],
  vnpost: [
    { name: 'username', label: 'Username' },
    { name: 'password', label: 'Password', secret: true },
  ],
  shipstore: [
    { name: 'ProfileId', label: 'Profile ID' },
    { name: 'ClientID', label: 'Client ID' },
    { name: 'serviceName', label: 'Service', options: SHIPSTORE_SERVICES },
  ],
};

const cred = (label: FieldName) => requiredText(label, 500);

const name = requiredText('name');
export const MulCredentialsSchema = z.object({ api_key: cred('apiKey'), api_secret: cred('apiSecret') });
export const PglCredentialsSchema = z.object({
  customer_id: cred('customerId'),
  customer_userid: cred('customerUserId'),
  product_id: cred('productId'),
  trade_type: cred('tradeType'),
});
export const BoxcCredentialsSchema = z.object({
  username: cred('username'),
  password: cred('password'),
  terms: cred('terms'),
  entry_point: cred('entryPoint'),
  exit_point: cred('exitPoint'),
  service: cred('service'),
});
export const VnpostCredentialsSchema = z.object({ username: cred('username'), password: cred('password') });
export const ShipstoreCredentialsSchema = z.object({
  ProfileId: cred('profileId'),
  ClientID: cred('clientId'),
  serviceName: z.enum(SHIPSTORE_SERVICES, {
    error: says('vendors.serviceInvalid', { first: SHIPSTORE_SERVICES[0], second: SHIPSTORE_SERVICES[1] }),
  }),
});

const MulVendorInputSchema = MulCredentialsSchema.extend({ vendor: z.literal('mul'), name });
const PglVendorInputSchema = PglCredentialsSchema.extend({ vendor: z.literal('pgl'), name });
const BoxcVendorInputSchema = BoxcCredentialsSchema.extend({ vendor: z.literal('boxc'), name });
const VnpostVendorInputSchema = VnpostCredentialsSchema.extend({ vendor: z.literal('vnpost'), name });
const ShipstoreVendorInputSchema = ShipstoreCredentialsSchema.extend({
  vendor: z.literal('shipstore'),
  name,
});

export const VendorInputSchema = z.discriminatedUnion(
  'vendor',
  [
    MulVendorInputSchema,
    PglVendorInputSchema,
    BoxcVendorInputSchema,
    VnpostVendorInputSchema,
    ShipstoreVendorInputSchema,
  ],
  { error: says('vendors.kindInvalid') },
);
export type VendorInput = z.infer<typeof VendorInputSchema>;
export type VendorCredentials = Omit<VendorInput, 'vendor' | 'name'>;

const VendorMetaSchema = z.object({
  sid: z.string(),
  date_created: z.string(),
  accounts_count: z.number().int(),
});

/**
 * A vendor with its credentials in clear: only admins ever receive this. Each kind carries the meta fields
 * in its own closed object: an intersection of two closed objects (`additionalProperties: false` on both
 * sides) would document a reply no vendor can satisfy.
 */
export const VendorSchema = z.discriminatedUnion('vendor', [
  MulVendorInputSchema.extend(VendorMetaSchema.shape),
  PglVendorInputSchema.extend(VendorMetaSchema.shape),
  BoxcVendorInputSchema.extend(VendorMetaSchema.shape),
  VnpostVendorInputSchema.extend(VendorMetaSchema.shape),
  ShipstoreVendorInputSchema.extend(VendorMetaSchema.shape),
]);
export type Vendor = z.infer<typeof VendorSchema>;

export const VendorSummarySchema = VendorMetaSchema.extend({ vendor: VendorKindSchema, name: z.string() });
export type VendorSummary = z.infer<typeof VendorSummarySchema>;
