import { Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import type { AccountFormValues } from '../account-form-values.ts';

/**
 * The optional address block. No asterisks: the address as a whole may be left empty, and it is sent only
 * once every part but the second line is filled (spec §5).
 */
export function AccountAddressFields({ disabled }: { disabled: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<AccountFormValues>();
  const error = errors.address;
  return (
    <Fieldset legend="Address" disabled={disabled}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Address name" {...register('address.name')} error={error?.name?.message} />
        <TextInput
          label="Address line 1"
          {...register('address.address1')}
          error={error?.address1?.message}
        />
        <TextInput
          label="Address line 2"
          {...register('address.address2')}
          error={error?.address2?.message}
        />
        <TextInput label="City" {...register('address.city')} error={error?.city?.message} />
        <TextInput label="State" {...register('address.state')} error={error?.state?.message} />
        <TextInput
          label="Postal code"
          {...register('address.postalCode')}
          error={error?.postalCode?.message}
        />
        <TextInput label="Country" {...register('address.country')} error={error?.country?.message} />
      </SimpleGrid>
    </Fieldset>
  );
}
