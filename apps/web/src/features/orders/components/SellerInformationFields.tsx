import { Button, Collapse, Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import type { OrderFormValues } from '../order-form-values.ts';

const FIELDS = [
  { name: 'name', label: 'Seller name' },
  { name: 'address1', label: 'Seller address 1' },
  { name: 'address2', label: 'Seller address 2' },
  { name: 'city', label: 'Seller city' },
  { name: 'state', label: 'Seller state' },
  { name: 'postalCode', label: 'Seller postal code' },
  { name: 'country', label: 'Seller country' },
] as const;

/** Spec §3 Order sellerInformation: optional, so folded away until asked for (or until it has an error). */
export function SellerInformationFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<OrderFormValues>();
  const [opened, { toggle }] = useDisclosure(false);
  const regionId = useId();
  const fieldErrors = errors.sellerInformation;
  const shown = opened || fieldErrors !== undefined;
  return (
    <div>
      <Button
        variant="subtle"
        px={0}
        onClick={toggle}
        aria-expanded={shown}
        aria-controls={regionId}
        leftSection={shown ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
      >
        Seller information (optional)
      </Button>
      <Collapse expanded={shown} id={regionId}>
        <Fieldset legend="Seller information" mt="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map((field) => (
              <TextInput
                key={field.name}
                label={field.label}
                {...register(`sellerInformation.${field.name}`)}
                error={fieldErrors?.[field.name]?.message}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      </Collapse>
    </div>
  );
}
