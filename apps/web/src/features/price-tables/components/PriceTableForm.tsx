import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, TextInput } from '@mantine/core';
import {
  type FieldIssue,
  PRICE_TABLE_COLUMNS,
  type PriceTable,
  PriceTableNameSchema,
} from '@parcelops/shared';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TemplateDownload } from '../../../components/DownloadButton.tsx';
import { FilePicker } from '../../../components/FilePicker.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormBound } from '../../../components/FormFields.tsx';
import { FormFrame } from '../../../components/FormFrame.tsx';
import { SheetProblems } from '../../../components/SheetProblems.tsx';
import { ApiError, fieldMessage } from '../../../lib/api-client.ts';
import { payloadSchema } from '../../../lib/form-validation.ts';
import { notifyError } from '../../../lib/notify.ts';
import { downloadPriceTableTemplate, type PriceTableUpload } from '../api.ts';

interface PriceTableFormValues {
  name: string;
  file: File | null;
}

/** Spec §5 Price table: name and Excel file are required (the file's message in the chosen language). */
const priceTableUploadSchema = (fileRequired: string) =>
  z.object({
    name: PriceTableNameSchema,
    file: z.custom<File>((value) => value instanceof File, fileRequired),
  });

const COLUMN_KEYS = PRICE_TABLE_COLUMNS.map((column) => column.key).join(', ');

interface PriceTableFormProps {
  /** The saved table when editing: its name is fixed (spec §4), only the rows are replaced. */
  priceTable?: PriceTable;
  onSubmit: (upload: PriceTableUpload) => Promise<unknown>;
  onCancel: () => void;
}

/** Add and edit price table (spec §2 Prices/Rates, §3 Price table, §5 Price table). */
export function PriceTableForm({ priceTable, onSubmit, onCancel }: PriceTableFormProps) {
  const { t } = useTranslation('catalogs');
  const fileRequired = t('priceTables.fileRequired');
  const schema = useMemo(() => priceTableUploadSchema(fileRequired), [fileRequired]);
  const resolver = useMemo(
    () => zodResolver(payloadSchema(schema, (values: PriceTableFormValues) => values)),
    [schema],
  );
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<PriceTableFormValues>({
    defaultValues: { name: priceTable?.name ?? '', file: null },
    resolver,
  });
  const file = useWatch({ control, name: 'file' });
  const [problems, setProblems] = useState<FieldIssue[]>([]);

  const submit = handleSubmit(async (values) => {
    const upload = schema.parse(values);
    setProblems([]);
    try {
      // The stored name goes back unchanged: the server checks it names this very table.
      await onSubmit({ name: priceTable?.name ?? upload.name, file: upload.file });
      if (priceTable) setValue('file', null);
    } catch (error) {
      notifyError(error);
      if (error instanceof ApiError) {
        // A bad name goes on the Name field; everything else is about the file (its rows and columns).
        const nameIssue = error.details.find((issue) => issue.path === 'name');
        if (nameIssue) setError('name', { type: 'server', message: fieldMessage(nameIssue) });
        setProblems(error.details.filter((issue) => issue.path !== 'name'));
      }
    }
  });

  return (
    <FormFrame onSubmit={submit} maw={560}>
      {priceTable ? (
        // Shown, not registered: the fixed name is sent from the saved table, never from an input.
        <TextInput
          label={t('priceTables.name')}
          withAsterisk
          disabled
          readOnly
          value={priceTable.name}
          error={errors.name?.message}
        />
      ) : (
        <TextInput
          label={t('priceTables.name')}
          withAsterisk
          {...register('name')}
          error={errors.name?.message}
        />
      )}
      <Stack gap={6}>
        <FormBound
          control={control}
          name="file"
          render={(input) => (
            <FilePicker
              label={t('priceTables.file')}
              accept=".xlsx"
              required
              value={input.value}
              onChange={(chosen) => {
                // Problems of the previous file no longer describe the one now chosen.
                setProblems([]);
                input.onChange(chosen);
              }}
              error={input.error}
            />
          )}
        />
        <Text size="xs" c="dimmed">
          {t('priceTables.columnsHint', { columns: COLUMN_KEYS })}
        </Text>
        <TemplateDownload download={downloadPriceTableTemplate}>{t('downloadTemplate')}</TemplateDownload>
        <SheetProblems problems={problems} />
      </Stack>
      <FormActions onCancel={onCancel} submitting={isSubmitting} canSubmit={Boolean(file)} />
    </FormFrame>
  );
}
