import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, TextInput } from '@mantine/core';
import { CreateBatchOrderFieldsSchema, type FieldIssue } from '@parcelops/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AccountSelect } from '../../../components/AccountSelect.tsx';
import { FilePicker } from '../../../components/FilePicker.tsx';
import { FormFrame } from '../../../components/FormFrame.tsx';
import { SheetProblems } from '../../../components/SheetProblems.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { payloadSchema, putFieldErrors } from '../../../lib/form-validation.ts';
import { notifyError } from '../../../lib/notify.ts';
import type { BatchOrderUpload } from '../api.ts';
import { BatchTemplateNote } from './BatchTemplateNote.tsx';
import { UploadProgress } from './UploadProgress.tsx';

interface BatchOrderFormValues {
  name: string;
  account_sid: string | null;
  file: File | null;
}

/** The fields a 400's details may name; any other detail is about the sheet's rows and is listed below. */
const FIELDS = ['name', 'account_sid', 'file'] as const;

/** Spec §5 Batch order: the batch name and the Excel file are required (the shared schema checks the name). */
const uploadSchema = (fileRequired: string) =>
  CreateBatchOrderFieldsSchema.extend({
    file: z.custom<File>((value) => value instanceof File, fileRequired),
  });

const toPayload = (values: BatchOrderFormValues) => ({
  name: values.name,
  account_sid: values.account_sid ?? undefined,
  file: values.file,
});

interface BatchOrderFormProps {
  /** Admins and operators choose the account (spec §2); account users create for their own. */
  choosesAccount: boolean;
  ownAccountSid: string | null;
  onSubmit: (upload: BatchOrderUpload) => Promise<unknown>;
  onCancel: () => void;
  /** The share of the file sent so far while it is on its way, 0 to 1. */
  sent: number;
  /**
   * The created batch's job, followed ("Checking…") until it has an outcome: shown under the form, which stays
   * as it was sent and takes nothing more meanwhile. Null before anything was sent.
   */
  following: ReactNode;
}

/**
 * Spec §2 Create Batch Order: the template note, "Batch name", the account chooser for staff and "Orders
 * Excel"; "Create" stays off until a file is chosen. "Check only" beside it sends the same upload to be checked
 * and priced, not placed. A refusal keeps everything chosen and typed, and shows the server's msg, its field
 * details on the fields and any row problems under the picker.
 */
export function BatchOrderForm({
  choosesAccount,
  ownAccountSid,
  onSubmit,
  onCancel,
  sent,
  following,
}: BatchOrderFormProps) {
  const { t } = useTranslation('batchOrders');
  const fileRequired = t('form.fileRequired');
  const schema = useMemo(() => uploadSchema(fileRequired), [fileRequired]);
  const resolver = useMemo(() => zodResolver(payloadSchema(schema, toPayload)), [schema]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BatchOrderFormValues>({
    defaultValues: { name: '', account_sid: null, file: null },
    resolver,
  });
  const file = useWatch({ control, name: 'file' });
  const [problems, setProblems] = useState<FieldIssue[]>([]);
  const [checkOnly, setCheckOnly] = useState(false);
  const locked = isSubmitting || following !== null;

  const submitAs = (asCheck: boolean) =>
    handleSubmit(async (values) => {
      setCheckOnly(asCheck);
      await send(values, asCheck);
    });

  const send = async (values: BatchOrderFormValues, asCheck: boolean) => {
    const upload = schema.parse(toPayload(values));
    setProblems([]);
    try {
      await onSubmit({
        name: upload.name,
        file: upload.file,
        account_sid: choosesAccount ? (upload.account_sid ?? null) : null,
        check_only: asCheck,
      });
    } catch (error) {
      notifyError(error);
      putFieldErrors(error, setError, FIELDS);
      if (error instanceof ApiError)
        setProblems(error.details.filter((issue) => !(FIELDS as readonly string[]).includes(issue.path)));
    }
  };

  return (
    <FormFrame onSubmit={submitAs(false)} maw={640}>
      <BatchTemplateNote />
      <TextInput
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        withAsterisk
        readOnly={following !== null}
        {...register('name')}
        error={errors.name?.message}
      />
      {choosesAccount ? (
        <Controller
          control={control}
          name="account_sid"
          render={({ field, fieldState }) => (
            <AccountSelect
              placeholder={t('form.accountPlaceholder')}
              exclude={ownAccountSid}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              readOnly={following !== null}
              miw={220}
            />
          )}
        />
      ) : null}
      <Controller
        control={control}
        name="file"
        render={({ field, fieldState }) => (
          <FilePicker
            label={t('form.file')}
            accept=".xlsx"
            required
            value={field.value}
            disabled={locked}
            onChange={(chosen) => {
              // What was said about the previous file no longer describes the one now chosen.
              setProblems([]);
              field.onChange(chosen);
            }}
            error={fieldState.error?.message}
          />
        )}
      />
      <SheetProblems problems={problems} />
      {isSubmitting ? <UploadProgress sent={sent} /> : following}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
          {/* Once sent there is nothing to cancel: the batch goes on whether the page stays or not. */}
          {following === null ? t('cancel', { ns: 'common' }) : t('form.back')}
        </Button>
        <Button
          variant="default"
          onClick={submitAs(true)}
          disabled={!file || locked}
          loading={isSubmitting && checkOnly}
        >
          {t('form.checkOnly')}
        </Button>
        <Button type="submit" disabled={!file || locked} loading={isSubmitting && !checkOnly}>
          {t('form.create')}
        </Button>
      </Group>
    </FormFrame>
  );
}
