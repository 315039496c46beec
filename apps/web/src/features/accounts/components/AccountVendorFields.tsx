import type { Account } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../components/FormFields.tsx';
import { vendorsQuery } from '../../vendors/index.ts';
import type { AccountFormValues } from '../account-form-values.ts';
import { priceTableOptionsQuery } from '../api.ts';

interface AccountVendorFieldsProps {
  account?: Account;
  /** Only admins may read vendors and price tables, and only they change them. */
  canEditAll: boolean;
}

/** The carrier vendor and the price table an account ships and is charged with. */
export function AccountVendorFields({ account, canEditAll }: AccountVendorFieldsProps) {
  const { t } = useTranslation('accounts');
  const { control } = useFormContext<AccountFormValues>();
  const vendors = useQuery({ ...vendorsQuery(), enabled: canEditAll });
  const prices = useQuery({ ...priceTableOptionsQuery(), enabled: canEditAll });

  // An account user cannot list vendors, so their select offers just the account's own vendor, by name.
  const vendorOptions = canEditAll
    ? (vendors.data ?? []).map((vendor) => ({ value: vendor.sid, label: vendor.name }))
    : account?.vendor_sid
      ? [{ value: account.vendor_sid, label: account.vendor ?? account.vendor_sid }]
      : [];

  return (
    <>
      <FormSelect
        control={control}
        name="vendor_sid"
        label={t('form.vendor')}
        withAsterisk
        placeholder={t('form.chooseVendor')}
        data={vendorOptions}
        searchable
        disabled={!canEditAll}
      />
      {/* Price tables are admin-only reading (spec §6), so account users do not see this field at all. */}
      {canEditAll ? (
        <FormSelect
          control={control}
          name="price_sid"
          label={t('form.priceTable')}
          placeholder={t('form.noPriceTable')}
          data={(prices.data ?? []).map((price) => ({ value: price.sid, label: price.name }))}
          clearable
          searchable
        />
      ) : null}
    </>
  );
}
