import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MAX_ORDER_ITEMS } from '@parcelops/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormNumberInput } from '../../../components/FormNumberInput.tsx';
import { HsCodeSelect } from '../../hs-codes/index.ts';
import { OriginCountrySelect } from '../../item-declarations/index.ts';
import { blankOrderItem, type OrderFormValues } from '../order-form-values.ts';
import { SkuAutocomplete } from './SkuAutocomplete.tsx';

/** Spec §5: quantity at least 1 (whole pieces), weights and sizes at least 0. */
const NUMBER_FIELDS = [
  { name: 'quantity', label: 'item.quantity', min: 1, decimals: false, required: true },
  { name: 'itemWeight', label: 'item.weight', min: 0, decimals: true, required: false },
  { name: 'itemWidth', label: 'item.width', min: 0, decimals: true, required: false },
  { name: 'itemHeight', label: 'item.height', min: 0, decimals: true, required: false },
  { name: 'itemLength', label: 'item.length', min: 0, decimals: true, required: false },
] as const;

interface OrderItemsFieldsProps {
  /** Admins' SKU suggestions come from the chosen account's declarations; sellers' from their own. */
  isAdmin: boolean;
}

/**
 * The order's items (spec §3 Order item), starting from the blank template. At least one stays: removing the
 * last one says so instead (spec §5).
 */
export function OrderItemsFields({ isAdmin }: OrderItemsFieldsProps) {
  const { t } = useTranslation('order');
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<OrderFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const chosenAccount = useWatch({ control, name: 'account_sid' });
  // undefined: an admin who has chosen no account yet gets no suggestions.
  const declarationsAccount = isAdmin ? (chosenAccount ?? undefined) : null;
  const [notice, setNotice] = useState<string | null>(null);

  const removeItem = (index: number) => {
    if (fields.length <= 1) {
      setNotice(t('item.noItems'));
      return;
    }
    setNotice(null);
    remove(index);
  };

  const addItem = () => {
    setNotice(null);
    append(blankOrderItem());
  };

  const arrayError = errors.items?.root?.message ?? errors.items?.message;

  return (
    <Stack gap="sm">
      {fields.map((field, index) => {
        const itemErrors = errors.items?.[index];
        return (
          <Fieldset key={field.id} legend={t('item.legend', { number: index + 1 })}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <SkuAutocomplete
                  index={index}
                  accountSid={declarationsAccount}
                  error={itemErrors?.skuNumber?.message}
                />
                <TextInput
                  label={t('item.description')}
                  {...register(`items.${index}.itemDescription`)}
                  error={itemErrors?.itemDescription?.message}
                />
                <Controller
                  control={control}
                  name={`items.${index}.hs_code`}
                  render={({ field: hsCode, fieldState }) => (
                    <HsCodeSelect
                      label={t('item.hsCode')}
                      value={hsCode.value}
                      onChange={hsCode.onChange}
                      onBlur={hsCode.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 2, sm: 5 }}>
                {NUMBER_FIELDS.map((number) => (
                  <FormNumberInput
                    key={number.name}
                    control={control}
                    name={`items.${index}.${number.name}`}
                    label={t(number.label)}
                    withAsterisk={number.required}
                    min={number.min}
                    allowDecimal={number.decimals}
                  />
                ))}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <FormNumberInput
                  control={control}
                  name={`items.${index}.declaredValue`}
                  label={t('item.declaredValue')}
                  min={0}
                  decimalScale={2}
                />
                <Controller
                  control={control}
                  name={`items.${index}.originCountry`}
                  render={({ field: origin, fieldState }) => (
                    <OriginCountrySelect
                      label={t('item.originCountry')}
                      placeholder={t('item.originPlaceholder')}
                      clearable
                      value={origin.value}
                      onChange={origin.onChange}
                      onBlur={origin.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => removeItem(index)}
                >
                  {t('item.remove')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      {notice || arrayError ? (
        <Text c="red" size="sm" role="alert">
          {notice ?? arrayError}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={addItem}
          disabled={fields.length >= MAX_ORDER_ITEMS}
        >
          {t('item.add')}
        </Button>
      </Group>
    </Stack>
  );
}
