/**
 * What the account form holds and how it becomes the wire payload. The field names mirror the wire's, so the
 * shared schemas' and the server's field errors land on the right inputs.
 */
import {
  type Account,
  type Address,
  type AddressPart,
  type CreateAccountInput,
  type CreditUnit,
  missingAddressParts as missingParts,
  type UpdateAccountInput,
} from '@parcelops/shared';

export type AddressFormValues = Record<keyof Address, string>;

export interface AccountFormValues {
  name: string;
  email: string;
  is_active: boolean;
  vendor_sid: string | null;
  price_sid: string | null;
  order_status_hook: string;
  address: AddressFormValues;
  use_credit: boolean;
  credit_unit: CreditUnit;
  /** A number, or '' while the input is empty (Mantine's NumberInput). */
  topup: number | string;
}

export function accountFormValues(account?: Account): AccountFormValues {
  const address = account?.address;
  return {
    name: account?.name ?? '',
    email: account?.email ?? '',
    is_active: account?.is_active ?? true,
    vendor_sid: account?.vendor_sid ?? null,
    price_sid: account?.price_sid ?? null,
    order_status_hook: account?.order_status_hook ?? '',
    address: {
      name: address?.name ?? '',
      address1: address?.address1 ?? '',
      address2: address?.address2 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      postalCode: address?.postalCode ?? '',
      country: address?.country ?? '',
    },
    use_credit: account?.use_credit ?? false,
    credit_unit: account?.credit_unit ?? 'VND',
    topup: '',
  };
}

export type { AddressPart };

const isBlank = (value: string | undefined) => (value ?? '').trim() === '';

/**
 * The required parts still empty in an address that has been started: what stands between it and being saved.
 * Nothing is missing from an address left entirely empty (it is optional) or from a complete one.
 */
export function missingAddressParts(address: Partial<AddressFormValues> | undefined): AddressPart[] {
  if (!address || Object.values(address).every(isBlank)) return [];
  return missingParts(address);
}

/**
 * An address emptied completely is sent as null, which clears the stored one. Any other is sent as it is:
 * a partly filled one is never dropped without a word (spec §5 sends only a whole address), the shared
 * schema names each missing part on its field before anything is sent, and the server refuses it the same way.
 */
function addressChange(address: AddressFormValues): AddressFormValues | null {
  return Object.values(address).every(isBlank) ? null : address;
}

/** An empty or zero topup changes nothing, so it is not sent (the server would book a ledger entry). */
function topupAmount(value: number | string): number | undefined {
  if (value === '' || value === 0) return undefined;
  return Number(value);
}

export function createAccountPayload(values: AccountFormValues): CreateAccountInput {
  return {
    name: values.name,
    email: values.email,
    is_active: values.is_active,
    // An empty vendor fails the schema with "Vendor is required", which is what the form should say.
    vendor_sid: values.vendor_sid ?? '',
    price_sid: values.price_sid,
    order_status_hook: values.order_status_hook,
    address: addressChange(values.address),
    use_credit: values.use_credit,
    credit_unit: values.credit_unit,
  };
}

/**
 * Admins may change everything; an account user only the order status hook (spec §5: the server refuses the
 * other fields from them, so they are not sent at all).
 */
export function updateAccountPayload(values: AccountFormValues, canEditAll: boolean): UpdateAccountInput {
  if (!canEditAll) return { order_status_hook: values.order_status_hook };
  const topup = topupAmount(values.topup);
  return { ...createAccountPayload(values), ...(topup !== undefined && { topup }) };
}
