import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import {
  HS_CODE_FAILURE_PREFIX,
  type HsCode,
  type HsCodeInput,
  HsCodeInputSchema,
  Messages,
} from '@parcelops/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { RequiredNote } from '../../../components/RequiredNote.tsx';
import { payloadSchema, putFieldErrors } from '../../../lib/form-validation.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateHsCode, useDeleteHsCode, useUpdateHsCode } from '../api.ts';

const resolver = zodResolver(payloadSchema(HsCodeInputSchema, (values: HsCodeInput) => values));
const FIELDS = ['hs_code', 'description'] as const;

/** Spec §8: the success toasts of the HS code screen. */

const confirmDelete = (code: string) => `Do you want to delete the HS code ${code}?`;

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
  const [confirming, setConfirming] = useState(false);

  const submit = handleSubmit(async (values) => {
    // The resolver has checked these values; parsing trims them (spec §5).
    const body = HsCodeInputSchema.parse(values);
    if (hsCode) {
      try {
        const saved = await update.mutateAsync({ sid: hsCode.sid, body });
        notifySuccess(Messages.successfullyUpdated);
        reset({ hs_code: saved.hs_code, description: saved.description });
        onUpdated(saved);
      } catch (error) {
        putFieldErrors(error, setError, FIELDS);
        notifyError(error, HS_CODE_FAILURE_PREFIX.update);
      }
      return;
    }
    try {
      onCreated(await create.mutateAsync(body));
      notifySuccess(Messages.successfullyCreated);
    } catch (error) {
      putFieldErrors(error, setError, FIELDS);
      notifyError(error, HS_CODE_FAILURE_PREFIX.create);
    }
  });

  const onConfirmDelete = () => {
    if (!hsCode) return;
    remove.mutate(hsCode.sid, {
      onSuccess: () => {
        notifySuccess(Messages.successfullyDeleted);
        onDeleted();
      },
      onError: (error) => notifyError(error, HS_CODE_FAILURE_PREFIX.delete),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <RequiredNote />
        <TextInput label="HS Code" withAsterisk {...register('hs_code')} error={errors.hs_code?.message} />
        <Textarea
          label="Description"
          withAsterisk
          rows={3}
          {...register('description')}
          error={errors.description?.message}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClear} disabled={isSubmitting}>
            Clear
          </Button>
          {hsCode ? (
            <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={isSubmitting}>
              Delete
            </Button>
          ) : null}
          <Button type="submit" loading={isSubmitting}>
            {hsCode ? 'Update' : 'Add'}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        message={hsCode ? confirmDelete(hsCode.hs_code) : ''}
        onConfirm={onConfirmDelete}
        onCancel={() => setConfirming(false)}
        loading={remove.isPending}
      />
    </form>
  );
}
