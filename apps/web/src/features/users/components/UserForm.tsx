import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  type CreateUserInput,
  CreateUserInputSchema,
  PASSWORD_MIN_LENGTH,
  ROLE_VALUES,
  Role,
  type UpdateUserInput,
  UpdateUserInputSchema,
  type User,
} from '@parcelops/shared';
import { useMemo } from 'react';
import { type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountSelect } from '../../../components/AccountSelect.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormBound } from '../../../components/FormFields.tsx';
import { FormFrame } from '../../../components/FormFrame.tsx';
import { payloadSchema } from '../../../lib/form-validation.ts';
import { useViewer } from '../../../lib/session.ts';
import { useSubmitForm } from '../../../lib/use-submit-form.ts';
import {
  createUserPayload,
  type UserFormValues,
  updateUserPayload,
  userFormValues,
} from '../user-form-values.ts';

/** The fields a 400's details may name; others become a toast. */
const FIELDS: readonly Path<UserFormValues>[] = [
  'username',
  'role',
  'account_sid',
  'initial_password',
  'password',
];

type UserFormProps = { onCancel: () => void } & (
  | { mode: 'add'; onSubmit: (payload: CreateUserInput) => Promise<unknown> }
  | { mode: 'edit'; user: User; onSubmit: (payload: UpdateUserInput) => Promise<unknown> }
);

/**
 * Add and edit user (spec §2 Users, §3 User). Admins pick any role and account; an account user manages only
 * account users of their own account, so both are fixed for them.
 */
export function UserForm(props: UserFormProps) {
  const { t } = useTranslation(['users', 'common']);
  const viewer = useViewer();
  const isAdmin = viewer?.role === Role.admin;
  const ownAccountSid = viewer?.account_sid ?? null;
  const user = props.mode === 'edit' ? props.user : undefined;
  // One's own password changes only with the old one (Change password); the server refuses it here.
  const canSetPassword = isAdmin && user !== undefined && user.sid !== viewer?.userSid;

  const resolver = useMemo(
    () =>
      zodResolver(
        props.mode === 'add'
          ? payloadSchema(CreateUserInputSchema, createUserPayload)
          : payloadSchema(UpdateUserInputSchema, (values: UserFormValues) =>
              updateUserPayload(values, isAdmin),
            ),
      ),
    [props.mode, isAdmin],
  );
  const { form, errors, isSubmitting, submitWith } = useSubmitForm<UserFormValues>({
    defaultValues: userFormValues(user, ownAccountSid),
    resolver,
    fields: FIELDS,
  });
  const { control, register } = form;
  const needsAccount = useWatch({ control, name: 'role' }) === Role.account;
  const roleOption = (role: Role) => ({ value: role, label: t(`common:roles.${role}`) });
  const roleOptions = isAdmin ? ROLE_VALUES.map(roleOption) : [roleOption(Role.account)];
  const passwordHint = t('form.passwordHint', { min: PASSWORD_MIN_LENGTH });

  const submit = submitWith((values) =>
    props.mode === 'add'
      ? props.onSubmit(createUserPayload(values))
      : props.onSubmit(updateUserPayload(values, isAdmin)),
  );

  return (
    <FormFrame onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('form.username')}
          withAsterisk
          autoComplete="off"
          {...register('username')}
          error={errors.username?.message}
        />
        <FormBound
          control={control}
          name="role"
          render={(input) => (
            // Roles are numbers, which FormSelect's string choices cannot carry.
            <Select<Role>
              label={t('form.role')}
              withAsterisk
              data={roleOptions}
              allowDeselect={false}
              disabled={!isAdmin}
              {...input}
              onChange={(value) => value !== null && input.onChange(value)}
            />
          )}
        />
        <FormBound
          control={control}
          name="account_sid"
          render={(input) => (
            <AccountSelect
              label={t('form.account')}
              placeholder={t('form.chooseAccount')}
              required={needsAccount}
              // An admin may clear it to start again; the form's own rules then say it is needed.
              clearable
              // Spec §6: an account user sees only their own account on the user form, fixed.
              onlyAccount={isAdmin ? undefined : ownAccountSid}
              {...input}
            />
          )}
        />
        {props.mode === 'add' ? (
          <PasswordInput
            label={t('form.initialPassword')}
            withAsterisk
            description={passwordHint}
            autoComplete="new-password"
            {...register('initial_password')}
            error={errors.initial_password?.message}
          />
        ) : canSetPassword ? (
          <PasswordInput
            label={t('form.newPassword')}
            description={`${passwordHint} ${t('form.newPasswordHint')}`}
            autoComplete="new-password"
            {...register('password')}
            error={errors.password?.message}
          />
        ) : null}
      </SimpleGrid>
      <FormActions onCancel={props.onCancel} submitting={isSubmitting} />
    </FormFrame>
  );
}
