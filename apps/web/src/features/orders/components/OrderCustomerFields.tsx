import { SimpleGrid, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import type { CustomerFormValues } from '../order-form-values.ts';

const FIELDS = [
  { name: 'name', label: 'Name', required: true },
  { name: 'phone', label: 'Phone', required: false, type: 'tel' },
  { name: 'address1', label: 'Address 1', required: true },
  { name: 'address2', label: 'Address 2', required: false },
  { name: 'city', label: 'City', required: true },
  { name: 'state', label: 'State', required: true },
  { name: 'postalCode', label: 'Postal code', required: true },
  { name: 'country', label: 'Country', required: true },
] as const;

/** The customer (recipient) of an order, spec §5: all but phone and address 2 are required. */
export function OrderCustomerFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<CustomerFormValues>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {FIELDS.map((field) => (
        <TextInput
          key={field.name}
          label={field.label}
          type={'type' in field ? field.type : undefined}
          withAsterisk={field.required}
          {...register(field.name)}
          error={errors[field.name]?.message}
        />
      ))}
    </SimpleGrid>
  );
}
