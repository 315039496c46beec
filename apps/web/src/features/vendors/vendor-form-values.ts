/**
 * What the vendor form holds and how it becomes the wire payload. Credentials sit flat beside the name, as on
 * the wire, so field errors from the shared schema and the server name the inputs directly.
 */
import {
  DEFAULT_VENDOR_KIND,
  VENDOR_CREDENTIAL_FIELDS,
  VENDOR_KINDS,
  type Vendor,
  type VendorKind,
} from '@parcelops/shared';

export interface VendorFormValues {
  vendor: VendorKind;
  name: string;
  /** Every kind's credential fields: switching kind back and forth keeps what was typed. */
  [credential: string]: string;
}

const ALL_CREDENTIAL_NAMES = [
  ...new Set(VENDOR_KINDS.flatMap((kind) => VENDOR_CREDENTIAL_FIELDS[kind].map((field) => field.name))),
];

export function credentialNames(kind: VendorKind): string[] {
  return VENDOR_CREDENTIAL_FIELDS[kind].map((field) => field.name);
}

export function vendorFormValues(vendor?: Vendor): VendorFormValues {
  const values: VendorFormValues = {
    vendor: vendor?.vendor ?? DEFAULT_VENDOR_KIND,
    name: vendor?.name ?? '',
  };
  for (const name of ALL_CREDENTIAL_NAMES) values[name] = '';
  if (vendor) {
    const saved: Record<string, unknown> = vendor;
    for (const name of credentialNames(vendor.vendor)) {
      const value = saved[name];
      if (typeof value === 'string') values[name] = value;
    }
  }
  return values;
}

/** Only the chosen kind's credentials are sent: the others may hold leftovers from switching kinds. */
export function vendorPayload(values: VendorFormValues): Record<string, string> {
  const payload: Record<string, string> = { vendor: values.vendor, name: values.name };
  for (const name of credentialNames(values.vendor)) payload[name] = values[name] ?? '';
  return payload;
}
