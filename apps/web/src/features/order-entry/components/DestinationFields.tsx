import { Select, TextInput } from '@mantine/core';
import {
  countryName,
  DESTINATION_COUNTRIES,
  type TextLanguage,
  US_STATES,
  type UsStateGroup,
} from '@parcelops/shared';
import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n.ts';
import type { CustomerFormValues } from '../order-form-values.ts';

/** The lists exist only while open (Mantine keeps a closed one mounted otherwise). */
const COMBOBOX_PROPS = { withinPortal: true, keepMounted: false };

const GROUPS: readonly UsStateGroup[] = ['state', 'district', 'territory', 'freelyAssociated', 'military'];

/** "United States (US)" in the screen's language; a stored country that is no destination is offered too. */
function countryOptions(language: TextLanguage, stored: string) {
  const codes: string[] = [...DESTINATION_COUNTRIES];
  if (stored && !codes.includes(stored)) codes.push(stored);
  return codes.map((code) => {
    const name = countryName(code, language);
    return { value: code, label: name ? `${name} (${code})` : code };
  });
}

/** The USPS codes by group: "CA – California", searched by code or name. */
function stateOptions(language: TextLanguage, groupLabel: (group: UsStateGroup) => string) {
  return GROUPS.map((group) => ({
    group: groupLabel(group),
    items: US_STATES.filter((state) => state.group === group).map((state) => ({
      value: state.code,
      label: `${state.code} – ${(language === 'vi' && state.vi) || state.name}`,
    })),
  }));
}

/**
 * The recipient's country, state and ZIP code (issue 21): the country chosen from the destinations (US), the
 * state from the USPS codes when it is the US, the ZIP code typed. Whether the ZIP code is the state's only the
 * server knows (its ZIP data set stays off the web): its field error lands on the ZIP code.
 */
export function DestinationFields() {
  const { t } = useTranslation('order');
  const { control, register, formState } = useFormContext<CustomerFormValues>();
  const country = useWatch<CustomerFormValues, 'country'>({ name: 'country' });
  const language = currentLanguage();
  const countries = useMemo(() => countryOptions(language, country), [language, country]);
  const states = useMemo(
    () => stateOptions(language, (group) => t(`customer.stateGroups.${group}`)),
    [language, t],
  );
  return (
    <>
      <Controller
        control={control}
        name="country"
        render={({ field, fieldState }) => (
          <Select
            label={t('customer.country')}
            withAsterisk
            data={countries}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('customer.noCountry')}
            value={field.value || null}
            onChange={(code) => field.onChange(code ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
            comboboxProps={COMBOBOX_PROPS}
          />
        )}
      />
      {country === 'US' ? (
        <Controller
          control={control}
          name="state"
          render={({ field, fieldState }) => (
            <Select
              label={t('customer.state')}
              placeholder={t('customer.chooseState')}
              withAsterisk
              data={states}
              searchable
              nothingFoundMessage={t('customer.noState')}
              value={field.value || null}
              onChange={(code) => field.onChange(code ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
              comboboxProps={COMBOBOX_PROPS}
            />
          )}
        />
      ) : (
        <TextInput
          label={t('customer.state')}
          withAsterisk
          {...register('state')}
          error={formState.errors.state?.message}
        />
      )}
      <TextInput
        label={country === 'US' ? t('customer.zipCode') : t('customer.postalCode')}
        placeholder={country === 'US' ? t('customer.zipHint') : undefined}
        withAsterisk
        inputMode={country === 'US' ? 'numeric' : undefined}
        autoComplete="postal-code"
        {...register('postalCode')}
        error={formState.errors.postalCode?.message}
      />
    </>
  );
}
