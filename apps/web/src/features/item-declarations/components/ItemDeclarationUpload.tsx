import { Stack, Text } from '@mantine/core';
import {
  type FieldIssue,
  ITEM_DECLARATION_COLUMNS,
  type ItemDeclarationBatchResult,
} from '@parcelops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplateDownload } from '../../../components/DownloadButton.tsx';
import { FileUpload } from '../../../components/FileUpload.tsx';
import { SheetProblems } from '../../../components/SheetProblems.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  type DeclarationAccount,
  downloadItemDeclarationTemplate,
  useUploadItemDeclarations,
} from '../api.ts';

/** Spec §2 Item Declarations, tab Upload Excel: many declarations at once from a sheet. */
export function ItemDeclarationUpload({ accountSid }: { accountSid: DeclarationAccount }) {
  const { t } = useTranslation('catalogs');
  const columnsNote = ITEM_DECLARATION_COLUMNS.map((column) =>
    column.required ? column.headers[0] : t('declarations.optionalColumn', { column: column.headers[0] }),
  ).join(', ');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ItemDeclarationBatchResult | null>(null);
  const [problems, setProblems] = useState<FieldIssue[]>([]);
  const upload = useUploadItemDeclarations();

  const choose = (chosen: File | null) => {
    // What was said about the previous file no longer applies.
    setResult(null);
    setProblems([]);
    setFile(chosen);
  };

  const send = () => {
    if (!file) return;
    setResult(null);
    setProblems([]);
    upload.mutate(
      { file, accountSid },
      {
        onSuccess: (reply) => {
          notifySuccess(t('declarations.uploaded'));
          setResult(reply);
          setFile(null);
        },
        onError: (error) => {
          // A sheet with bad rows is refused whole (nothing is written); each bad row is listed.
          notifyError(error);
          if (error instanceof ApiError) setProblems(error.details);
        },
      },
    );
  };

  return (
    <Stack gap="sm" maw={640}>
      <Text size="sm">{t('declarations.uploadIntro')}</Text>
      <Text size="xs" c="dimmed">
        {t('declarations.uploadColumns', { columns: columnsNote })}
      </Text>
      <TemplateDownload download={downloadItemDeclarationTemplate}>{t('downloadTemplate')}</TemplateDownload>
      <FileUpload
        label={t('declarations.file')}
        file={file}
        onFileChange={choose}
        onUpload={send}
        uploading={upload.isPending}
      >
        <SheetProblems problems={problems} />
        {result ? (
          <Text size="sm" role="status">
            {t('declarations.uploadSummary', { created: result.created, updated: result.updated })}
          </Text>
        ) : null}
      </FileUpload>
    </Stack>
  );
}
