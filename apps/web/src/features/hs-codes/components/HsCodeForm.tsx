import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Textarea, TextInput } from '@mantine/core';
import { type HsCode, type HsCodeInput, HsCodeInputSchema } from '@parcelops/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormFrame } from '../../../components/FormFrame.tsx';
import { payloadSchema, putFieldErrors } from '../../../lib/form-validation.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { useCreateHsCode, useDeleteHsCode, useUpdateHsCode } from '../api.ts';

const resolver = zodResolver(payloadSchema(HsCodeInputSchema, (values: HsCodeInput) => values));
const FIELDS = ['hs_code', 'description'] as const;

interface HsCodeFormProps {
  /** The row loaded from the table, or null for a new code. */
  hsCode: HsCode | null;
  onCreated: (hsCode: HsCode) => void;
  onUpdated: (hsCode: HsCode) => void;
  onDeleted: () => void;
  onClear: () => void;
}

/** Spec §2 Hs Codes: the admins' form beside the table; Add, or Update and Delete for a loaded row. */
export function HsCodeForm({ hsCode, onCreated, onUpdated, onDeleted, onClear }: HsCodeFormProps) {
  // Spec §8: the success toasts and failure prefixes of the HS code screen.
  const { t } = useTranslation(['catalogs', 'common']);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<HsCodeInput>({
    defaultValues: { hs_code: hsCode?.hs_code ?? '', description: hsCode?.description ?? '' },
    resolver,
  });
  const create = useCreateHsCode();
  const update = useUpdateHsCode();
  const remove = useDeleteHsCode();
  const deletion = useConfirmedDelete<HsCode>({
    remove: (row) => remove.mutateAsync(row.sid),
    question: (row) => t('hsCodes.confirmDelete', { code: row.hs_code }),
    done: () => t('deleted'),
    failurePrefix: t('hsCodes.failDelete'),
    afterDelete: onDeleted,
  });

  const submit = handleSubmit(async (values) => {
    // The resolver has checked these values; parsing trims them (spec §5).
    const body = HsCodeInputSchema.parse(values);
    try {
      if (hsCode) {
        const saved = await update.mutateAsync({ sid: hsCode.sid, body });
        notifySuccess(t('updated'));
        reset({ hs_code: saved.hs_code, description: saved.description });
        onUpdated(saved);
      } else {
        onCreated(await create.mutateAsync(body));
        notifySuccess(t('created'));
      }
    } catch (error) {
      putFieldErrors(error, setError, FIELDS);
      notifyError(error, t(hsCode ? 'hsCodes.failUpdate' : 'hsCodes.failCreate'));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextInput
        label={t('hsCodes.hsCode')}
        withAsterisk
        {...register('hs_code')}
        error={errors.hs_code?.message}
      />
      <Textarea
        label={t('hsCodes.description')}
        withAsterisk
        rows={3}
        {...register('description')}
        error={errors.description?.message}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClear} disabled={isSubmitting}>
          {t('hsCodes.clear')}
        </Button>
        {hsCode ? (
          <Button color="red" variant="light" onClick={() => deletion.ask(hsCode)} disabled={isSubmitting}>
            {t('common:delete')}
          </Button>
        ) : null}
        <Button type="submit" loading={isSubmitting}>
          {hsCode ? t('hsCodes.update') : t('hsCodes.add')}
        </Button>
      </Group>
      {deletion.dialog}
    </FormFrame>
  );
}
