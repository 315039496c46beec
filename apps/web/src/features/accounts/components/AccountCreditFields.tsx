import { Fieldset, NumberFormatter, NumberInput, Select, SimpleGrid, Switch, Text } from '@mantine/core';
import { type Account, CREDIT_UNITS, type CreditUnit } from '@parcelops/shared';
import { Controller, useFormContext } from 'react-hook-form';
import type { AccountFormValues } from '../account-form-values.ts';

interface AccountCreditFieldsProps {
  /** The saved account, on the edit page: its balance is shown. */
  account?: Account;
  disabled: boolean;
  /** Admins top up (or, with a negative amount, deduct) an existing account's balance. */
  withTopup: boolean;
}

export function AccountCreditFields({ account, disabled, withTopup }: AccountCreditFieldsProps) {
  const { control } = useFormContext<AccountFormValues>();
  return (
    <Fieldset legend="Credit" disabled={disabled}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={control}
          name="use_credit"
          render={({ field }) => (
            <Switch
              label="Use credit"
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
              label="Credit unit"
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
            Current balance:{' '}
            <NumberFormatter
              value={account.credit_balance}
              thousandSeparator
              suffix={` ${account.credit_unit}`}
            />
          </Text>
        ) : null}
        {withTopup ? (
          <Controller
            control={control}
            name="topup"
            render={({ field, fieldState }) => (
              <NumberInput
                label="Topup"
                description="Added to the balance when saved; a negative amount deducts."
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
