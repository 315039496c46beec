import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, TextInput } from '@mantine/core';
import {
  type Account,
  type CreateAccountInput,
  CreateAccountInputSchema,
  type UpdateAccountInput,
  UpdateAccountInputSchema,
} from '@parcelops/shared';
import { useMemo } from 'react';
import { FormProvider, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormToggle } from '../../../components/FormFields.tsx';
import { FormFrame } from '../../../components/FormFrame.tsx';
import { payloadSchema } from '../../../lib/form-validation.ts';
import { useSubmitForm } from '../../../lib/use-submit-form.ts';
import {
  type AccountFormValues,
  accountFormValues,
  createAccountPayload,
  updateAccountPayload,
} from '../account-form-values.ts';
import { AccountAddressFields } from './AccountAddressFields.tsx';
import { AccountCreditFields } from './AccountCreditFields.tsx';
import { AccountVendorFields } from './AccountVendorFields.tsx';

/** The fields a 400's details may name; others become a toast. */
const FIELDS: readonly Path<AccountFormValues>[] = [
  'name',
  'email',
  'is_active',
  'vendor_sid',
  'price_sid',
  'order_status_hook',
  'address.name',
  'address.address1',
  'address.address2',
  'address.city',
  'address.state',
  'address.postalCode',
  'address.country',
  'use_credit',
  'credit_unit',
  'topup',
];

type AccountFormProps = {
  /** Leaves the form; without it (an account user's own page is their home) there is no Cancel button. */
  onCancel?: () => void;
} & (
  | { mode: 'add'; onSubmit: (payload: CreateAccountInput) => Promise<unknown> }
  | {
      mode: 'edit';
      account: Account;
      /** Admins edit every field; an account user only the order status hook (spec §5). */
      canEditAll: boolean;
      onSubmit: (payload: UpdateAccountInput) => Promise<unknown>;
    }
);

/** Add and edit account (spec §2 Accounts, §3 Account, §5 Account). */
export function AccountForm(props: AccountFormProps) {
  const { t } = useTranslation('accounts');
  const account = props.mode === 'edit' ? props.account : undefined;
  const canEditAll = props.mode === 'add' || props.canEditAll;

  const resolver = useMemo(
    () =>
      zodResolver(
        props.mode === 'add'
          ? payloadSchema(CreateAccountInputSchema, createAccountPayload)
          : payloadSchema(UpdateAccountInputSchema, (values: AccountFormValues) =>
              updateAccountPayload(values, canEditAll),
            ),
      ),
    [props.mode, canEditAll],
  );
  const { form, errors, isSubmitting, submitWith } = useSubmitForm<AccountFormValues>({
    defaultValues: accountFormValues(account),
    resolver,
    fields: FIELDS,
  });
  const { control, register } = form;

  const submit = submitWith(async (values) => {
    if (props.mode === 'add') {
      await props.onSubmit(createAccountPayload(values));
    } else {
      await props.onSubmit(updateAccountPayload(values, props.canEditAll));
      // The topup is booked now; keeping it in the field would book it again on the next save.
      form.reset({ ...values, topup: '' });
    }
  });

  return (
    <FormProvider {...form}>
      <FormFrame onSubmit={submit}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('form.name')}
            withAsterisk
            {...register('name')}
            disabled={!canEditAll}
            error={errors.name?.message}
          />
          <TextInput
            label={t('form.email')}
            type="email"
            withAsterisk
            {...register('email')}
            disabled={!canEditAll}
            error={errors.email?.message}
          />
          <AccountVendorFields account={account} canEditAll={canEditAll} />
          <TextInput
            label={t('form.orderStatusHook')}
            type="url"
            placeholder="https://"
            description={t('form.orderStatusHookHint')}
            {...register('order_status_hook')}
            error={errors.order_status_hook?.message}
          />
          <FormToggle
            control={control}
            name="is_active"
            label={t('form.active')}
            disabled={!canEditAll}
            // Level with the field beside it in two columns; no gap once the columns stack.
            mt={{ base: 0, sm: 'xl' }}
          />
        </SimpleGrid>
        <AccountAddressFields disabled={!canEditAll} />
        <AccountCreditFields
          account={account}
          disabled={!canEditAll}
          withTopup={props.mode === 'edit' && canEditAll}
        />
        <FormActions onCancel={props.onCancel} submitting={isSubmitting} />
      </FormFrame>
    </FormProvider>
  );
}
