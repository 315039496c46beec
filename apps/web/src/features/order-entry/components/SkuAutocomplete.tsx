import { Autocomplete, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ItemDeclaration } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { itemDeclarationsQuery } from '../../item-declarations/index.ts';
import type { OrderFormValues } from '../order-form-values.ts';

/** Typing pauses this long before the declarations are asked for. */
export const SKU_SEARCH_DEBOUNCE_MS = 250;
/** Suggestions shown at once: enough to choose from, few enough to read. */
const SHOWN = 20;

interface SkuAutocompleteProps {
  index: number;
  /**
   * Whose declarations: the chosen account (admins), null for the caller's own (sellers). Undefined while an
   * admin has chosen none: the SKU is then typed freely, with nothing to suggest.
   */
  accountSid: string | null | undefined;
  error?: string;
}

/**
 * An item's SKU, offering the account's declared SKUs as it is typed (GET /item_declarations/all?filter=).
 * Choosing one fills the item from its declaration, so the price preview follows the declared weight and size.
 */
export function SkuAutocomplete({ index, accountSid, error }: SkuAutocompleteProps) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const { control, setValue } = useFormContext<OrderFormValues>();
  const { field } = useController({ control, name: `items.${index}.skuNumber` });
  const typed = field.value.trim();
  const [search] = useDebouncedValue(typed, SKU_SEARCH_DEBOUNCE_MS);
  const declarations = useQuery({
    ...itemDeclarationsQuery(accountSid ?? null, search),
    enabled: accountSid !== undefined && search !== '',
    // A suggestion list that fails is not worth an error: the SKU can still be typed.
    retry: false,
  });
  const found = declarations.data ?? [];
  const bySku = new Map(found.map((declaration) => [declaration.skuNumber, declaration]));

  const fill = (declaration: ItemDeclaration) => {
    const options = { shouldDirty: true, shouldValidate: false } as const;
    setValue(`items.${index}.itemDescription`, declaration.itemDescription, options);
    setValue(`items.${index}.itemWeight`, declaration.itemWeight, options);
    setValue(`items.${index}.itemWidth`, declaration.itemWidth, options);
    setValue(`items.${index}.itemHeight`, declaration.itemHeight, options);
    setValue(`items.${index}.itemLength`, declaration.itemLength, options);
    setValue(`items.${index}.hs_code`, declaration.hs_code ?? '', options);
    setValue(`items.${index}.declaredValue`, declaration.declaredValue ?? '', options);
    setValue(`items.${index}.originCountry`, declaration.originCountry, options);
  };

  return (
    <Autocomplete
      label={t('item.sku')}
      withAsterisk
      name={field.name}
      ref={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      data={found.map((declaration) => declaration.skuNumber)}
      // The server matched SKU, name and description already; the box must not hide what it found.
      filter={({ options }) => options}
      limit={SHOWN}
      maxDropdownHeight={280}
      rightSection={declarations.isFetching ? <Loader size="xs" aria-label={t('sku.loading')} /> : null}
      comboboxProps={{ withinPortal: true }}
      onOptionSubmit={(sku) => {
        const declaration = bySku.get(sku);
        if (declaration) fill(declaration);
      }}
      renderOption={({ option }) => {
        const declaration = bySku.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {option.value}
            </Text>
            {declaration ? (
              <Text size="xs" c="dimmed">
                {t('sku.option', {
                  description: declaration.itemDescription,
                  weight: format.kilograms(declaration.itemWeight),
                })}
              </Text>
            ) : null}
          </Stack>
        );
      }}
    />
  );
}
