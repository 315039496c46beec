import { Alert, Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type AccountFormValues, missingAddressParts } from '../account-form-values.ts';

/** The address parts, in the form's order. */
const ADDRESS_PARTS = ['name', 'address1', 'address2', 'city', 'state', 'postalCode', 'country'] as const;

/**
 * The optional address block. No asterisks: the address as a whole may be left empty, and it is saved only
 * once every part but the second line is filled (spec §5). While it is being typed, the block names the parts
 * still missing; saving a partly filled one puts "required" on each missing part (shared schema, and the
 * server's 400 the same way) rather than dropping the address.
 */
export function AccountAddressFields({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('accounts');
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<AccountFormValues>();
  const address = useWatch({ control, name: 'address' });
  const missing = missingAddressParts(address);
  const error = errors.address;
  return (
    <Fieldset legend={t('address.legend')} disabled={disabled}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {ADDRESS_PARTS.map((part) => (
            <TextInput
              key={part}
              label={t(`address.${part}`)}
              {...register(`address.${part}`)}
              error={error?.[part]?.message}
            />
          ))}
        </SimpleGrid>
        {missing.length > 0 ? (
          // Polite: it changes as the person types, and should not interrupt them each time.
          <Alert
            role="status"
            color="yellow"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            title={t('address.incompleteTitle')}
            // The light yellow's own title colour is too faint on its background (contrast).
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            data-testid="address-incomplete"
          >
            {t('address.incomplete', {
              parts: missing.map((part) => t(`address.${part}`)).join(', '),
            })}
          </Alert>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
