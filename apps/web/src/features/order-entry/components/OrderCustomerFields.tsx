import { SimpleGrid, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CustomerFormValues } from '../order-form-values.ts';
import { DestinationFields } from './DestinationFields.tsx';

const FIELDS = [
  { name: 'name', required: true },
  { name: 'phone', required: false, type: 'tel' },
  { name: 'address1', required: true },
  { name: 'address2', required: false },
  { name: 'city', required: true },
] as const;

/**
 * The customer (recipient) of an order, spec §5: all but phone and address 2 are required; the country, state
 * and ZIP code are chosen as codes of a US destination (DestinationFields).
 */
export function OrderCustomerFields() {
  const { t } = useTranslation('order');
  const {
    register,
    formState: { errors },
  } = useFormContext<CustomerFormValues>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {FIELDS.map((field) => (
        <TextInput
          key={field.name}
          label={t(`customer.${field.name}`)}
          type={'type' in field ? field.type : undefined}
          withAsterisk={field.required}
          {...register(field.name)}
          error={errors[field.name]?.message}
        />
      ))}
      <DestinationFields />
    </SimpleGrid>
  );
}
