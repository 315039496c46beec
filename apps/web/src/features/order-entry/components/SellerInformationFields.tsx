import { Button, Collapse, Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OrderFormValues } from '../order-form-values.ts';

const FIELDS = ['name', 'address1', 'address2', 'city', 'state', 'postalCode', 'country'] as const;

/** Spec §3 Order sellerInformation: optional, so folded away until asked for (or until it has an error). */
export function SellerInformationFields() {
  const { t } = useTranslation('order');
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
        leftSection={
          shown ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />
        }
      >
        {t('seller.toggle')}
      </Button>
      <Collapse expanded={shown} id={regionId}>
        <Fieldset legend={t('seller.legend')} mt="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`seller.${field}`)}
                {...register(`sellerInformation.${field}`)}
                error={fieldErrors?.[field]?.message}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      </Collapse>
    </div>
  );
}
