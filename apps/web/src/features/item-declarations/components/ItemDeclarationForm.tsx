import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { type ItemDeclaration, ItemDeclarationFieldsSchema } from '@parcelops/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormBound, FormToggle } from '../../../components/FormFields.tsx';
import { FormFrame } from '../../../components/FormFrame.tsx';
import { payloadSchema, putFieldErrors } from '../../../lib/form-validation.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { HsCodeSelect } from '../../hs-codes/index.ts';
import {
  type DeclarationAccount,
  useCreateItemDeclaration,
  useDeleteItemDeclaration,
  useUpdateItemDeclaration,
} from '../api.ts';
import {
  ITEM_DECLARATION_FORM_FIELDS,
  type ItemDeclarationFormValues,
  itemDeclarationFormValues,
} from '../item-declaration-form-values.ts';
import { OriginCountrySelect } from './OriginCountrySelect.tsx';

const resolver = zodResolver(
  payloadSchema(ItemDeclarationFieldsSchema, (values: ItemDeclarationFormValues) => values),
);

/** The declaration's required words, in the form's order. */
const TEXT_FIELDS = [
  { name: 'skuNumber', label: 'sku' },
  { name: 'name', label: 'name' },
  { name: 'itemDescription', label: 'description' },
  { name: 'refName', label: 'refName' },
] as const;

const SIZE_FIELDS = [
  { name: 'itemWeight', label: 'weight' },
  { name: 'itemWidth', label: 'width' },
  { name: 'itemHeight', label: 'height' },
  { name: 'itemLength', label: 'length' },
] as const;

interface ItemDeclarationFormProps {
  /** The row loaded from the table, or null for a new declaration. */
  declaration: ItemDeclaration | null;
  /** Where a new declaration goes: the chosen account, or null for the caller's own. */
  accountSid: DeclarationAccount;
  /** Spec §5: Update and Delete are offered only to admins on an existing entry. */
  isAdmin: boolean;
  onCreated: () => void;
  onUpdated: (declaration: ItemDeclaration) => void;
  onDeleted: () => void;
  onClear: () => void;
}

/** Spec §2 Item Declarations, tab Declaration (§3 Item declaration, §5 Item declaration). */
export function ItemDeclarationForm({
  declaration,
  accountSid,
  isAdmin,
  onCreated,
  onUpdated,
  onDeleted,
  onClear,
}: ItemDeclarationFormProps) {
  // Spec §8: the success toasts and failure prefixes of the item declaration screen.
  const { t } = useTranslation(['catalogs', 'common']);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ItemDeclarationFormValues>({
    defaultValues: itemDeclarationFormValues(declaration),
    resolver,
  });
  const create = useCreateItemDeclaration();
  const update = useUpdateItemDeclaration();
  const remove = useDeleteItemDeclaration();
  const deletion = useConfirmedDelete<ItemDeclaration>({
    remove: (row) => remove.mutateAsync(row.sid),
    question: (row) => t('declarations.confirmDelete', { sku: row.skuNumber }),
    done: () => t('deleted'),
    failurePrefix: t('declarations.failDelete'),
    afterDelete: onDeleted,
  });
  // Anyone may add declarations; a saved one is only shown to those who may not change it.
  const readOnly = declaration !== null && !isAdmin;

  const submit = handleSubmit(async (values) => {
    // The resolver has checked these values; parsing trims the texts and turns the sizes into numbers.
    const fields = ItemDeclarationFieldsSchema.parse(values);
    try {
      if (declaration) {
        const saved = await update.mutateAsync({ sid: declaration.sid, fields });
        notifySuccess(t('updated'));
        reset(itemDeclarationFormValues(saved));
        onUpdated(saved);
      } else {
        await create.mutateAsync({ ...fields, ...(accountSid && { account_sid: accountSid }) });
        notifySuccess(t('created'));
        onCreated();
      }
    } catch (error) {
      putFieldErrors(error, setError, ITEM_DECLARATION_FORM_FIELDS);
      notifyError(error, t('declarations.failSave'));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {TEXT_FIELDS.map((text) => (
          <TextInput
            key={text.name}
            label={t(`declarations.form.${text.label}`)}
            withAsterisk
            disabled={readOnly}
            {...register(text.name)}
            error={errors[text.name]?.message}
          />
        ))}
        <FormBound
          control={control}
          name="hs_code"
          render={(input) => (
            <HsCodeSelect label={t('declarations.form.hsCode')} disabled={readOnly} {...input} />
          )}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {SIZE_FIELDS.map((size) => (
          <TextInput
            key={size.name}
            label={t(`declarations.form.${size.label}`)}
            withAsterisk
            inputMode="decimal"
            placeholder="0"
            disabled={readOnly}
            {...register(size.name)}
            error={errors[size.name]?.message}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('declarations.form.declaredValue')}
          inputMode="decimal"
          disabled={readOnly}
          {...register('declaredValue')}
          error={errors.declaredValue?.message}
        />
        <FormBound
          control={control}
          name="originCountry"
          render={(input) => (
            <OriginCountrySelect
              label={t('declarations.form.originCountry')}
              disabled={readOnly}
              {...input}
            />
          )}
        />
      </SimpleGrid>
      <FormToggle
        kind="checkbox"
        control={control}
        name="can_combine"
        label={
          <>
            {t('declarations.form.combinable')}
            <Text span c="var(--mantine-color-error)" aria-hidden="true">
              {' *'}
            </Text>
          </>
        }
        disabled={readOnly}
      />
      {readOnly ? (
        <Text size="sm" c="dimmed">
          {t('declarations.readOnly')}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClear} disabled={isSubmitting}>
          {t('declarations.clear')}
        </Button>
        {declaration && isAdmin ? (
          <>
            <Button
              color="red"
              variant="light"
              onClick={() => deletion.ask(declaration)}
              disabled={isSubmitting}
            >
              {t('common:delete')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('declarations.update')}
            </Button>
          </>
        ) : null}
        {declaration ? null : (
          <Button type="submit" loading={isSubmitting}>
            {t('common:save')}
          </Button>
        )}
      </Group>
      {deletion.dialog}
    </FormFrame>
  );
}
