import { Fieldset, SimpleGrid, Text } from '@mantine/core';
import { type Account, CREDIT_UNITS } from '@parcelops/shared';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect, FormToggle } from '../../../components/FormFields.tsx';
import { FormNumberInput } from '../../../components/FormNumberInput.tsx';
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
        <FormToggle control={control} name="use_credit" label={t('credit.useCredit')} mt="xl" />
        <FormSelect
          control={control}
          name="credit_unit"
          label={t('credit.unit')}
          data={CREDIT_UNITS}
          allowDeselect={false}
        />
        {/* The balance means something only while credit is used, or to the admin who tops it up. */}
        {account && (account.use_credit || withTopup) ? (
          <Text size="sm" data-testid="credit-balance">
            {t('credit.balance')} {format.money(account.credit_balance, account.credit_unit)}
          </Text>
        ) : null}
        {withTopup ? (
          // A top-up may be negative (a deduction), with the stepper and Mantine's clamping, unlike other numbers.
          <FormNumberInput
            control={control}
            name="topup"
            label={t('credit.topup')}
            description={t('credit.topupHint')}
            allowNegative
            clampBehavior="blur"
            hideControls={false}
          />
        ) : null}
      </SimpleGrid>
    </Fieldset>
  );
}
