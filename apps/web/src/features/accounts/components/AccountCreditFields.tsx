import { Fieldset, NumberInput, Select, SimpleGrid, Switch, Text } from '@mantine/core';
import { type Account, CREDIT_UNITS, type CreditUnit } from '@parcelops/shared';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import type { AccountFormValues } from '../account-form-values.ts';

interface AccountCreditFieldsProps {
  /** The saved account, on the edit page: its balance is shown. */
  account?: Account;
  disabled: boolean;
  /** Admins top up (or, with a negative amount, deduct) an existing account's balance. */
  withTopup: boolean;
}

export function AccountCreditFields({ account, disabled, withTopup }: AccountCreditFieldsProps) {
  const { t } = useTranslation('accounts');
  const format = useFormat();
  const { control } = useFormContext<AccountFormValues>();
  return (
    <Fieldset legend={t('credit.legend')} disabled={disabled}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={control}
          name="use_credit"
          render={({ field }) => (
            <Switch
              label={t('credit.useCredit')}
              name={field.name}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              mt="xl"
            />
          )}
        />
        <Controller
          control={control}
          name="credit_unit"
          render={({ field, fieldState }) => (
            <Select<CreditUnit>
              label={t('credit.unit')}
              data={CREDIT_UNITS}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        {/* The balance means something only while credit is used, or to the admin who tops it up. */}
        {account && (account.use_credit || withTopup) ? (
          <Text size="sm" data-testid="credit-balance">
            {t('credit.balance')} {format.money(account.credit_balance, account.credit_unit)}
          </Text>
        ) : null}
        {withTopup ? (
          <Controller
            control={control}
            name="topup"
            render={({ field, fieldState }) => (
              <NumberInput
                label={t('credit.topup')}
                description={t('credit.topupHint')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
      </SimpleGrid>
    </Fieldset>
  );
}
