import { PasswordInput, Select, TextInput } from '@mantine/core';
import { VENDOR_CREDENTIAL_FIELDS, type VendorKind } from '@parcelops/shared';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { VendorFormValues } from '../vendor-form-values.ts';

/** The credentials the chosen kind of vendor needs (spec §3 Vendor); all of them are required (spec §5). */
export function VendorCredentialFields({ kind }: { kind: VendorKind }) {
  const { t } = useTranslation('vendors');
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<VendorFormValues>();

  return VENDOR_CREDENTIAL_FIELDS[kind].map((field) => {
    const error = errors[field.name]?.message;
    // A credential added to the shared list before its translation still shows, in English.
    const label = t(`credentials.${field.name}` as 'credentials.api_key', { defaultValue: field.label });
    if (field.options) {
      return (
        <Controller
          key={field.name}
          control={control}
          name={field.name}
          render={({ field: input }) => (
            <Select
              label={label}
              withAsterisk
              data={field.options}
              allowDeselect={false}
              value={input.value || null}
              onChange={(value) => input.onChange(value ?? '')}
              onBlur={input.onBlur}
              error={error}
            />
          )}
        />
      );
    }
    const Input = field.secret ? PasswordInput : TextInput;
    return (
      <Input
        key={field.name}
        label={label}
        withAsterisk
        autoComplete="off"
        {...register(field.name)}
        error={error}
      />
    );
  });
}
