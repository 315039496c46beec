import { describe, expect, it } from 'vitest';
import { VENDOR_CREDENTIAL_FIELDS, VENDOR_KINDS, VendorInputSchema } from './vendor.schemas.ts';

const sample: Record<string, string> = {
  api_key: 'k',
  api_secret: 's',
  customer_id: 'c',
  customer_userid: 'u',
  product_id: 'p',
  trade_type: 't',
  username: 'n',
  password: 'p',
  terms: 'DDP',
  entry_point: 'SGN',
  exit_point: 'LAX',
  service: 'x',
  ProfileId: '1',
  ClientID: '2',
  serviceName: 'USPS Ground Advantage',
};

describe('VendorInputSchema', () => {
  it.each(VENDOR_KINDS)('accepts a %s vendor with exactly the fields the form shows', (kind) => {
    const fields = Object.fromEntries(
      VENDOR_CREDENTIAL_FIELDS[kind].map((field) => [field.name, sample[field.name]]),
    );
    const parsed = VendorInputSchema.parse({ vendor: kind, name: ' Carrier ', ...fields });
    expect(parsed).toEqual({ vendor: kind, name: 'Carrier', ...fields });
  });

  it('requires every credential of the chosen kind', () => {
    const result = VendorInputSchema.safeParse({
      vendor: 'boxc',
      name: 'BoxC',
      username: 'u',
      password: 'p',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'entry_point',
      'exit_point',
      'service',
      'terms',
    ]);
  });

  it('offers shipstore its two services only', () => {
    const base = { vendor: 'shipstore', name: 'S', ProfileId: '1', ClientID: '2' };
    expect(VendorInputSchema.safeParse({ ...base, serviceName: 'DHL Parcel Select' }).success).toBe(true);
    expect(VendorInputSchema.safeParse({ ...base, serviceName: 'FedEx' }).success).toBe(false);
  });

  it('refuses an unknown kind', () => {
    expect(VendorInputSchema.safeParse({ vendor: 'ups', name: 'U' }).success).toBe(false);
  });
});
