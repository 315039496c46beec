import { Alert, Progress, Stack, Text } from '@mantine/core';
import { type FieldIssue, type OrderImportResult, Role, type TextLanguage } from '@parcelops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSelect } from '../../../components/AccountSelect.tsx';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { FileUpload } from '../../../components/FileUpload.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SheetProblems } from '../../../components/SheetProblems.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { ApiError, errorMessage, fieldMessage } from '../../../lib/api-client.ts';
import { notifyError, notifyErrorText, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { orderKeys } from '../../../lib/order-queries.ts';
import { useViewer } from '../../../lib/session.ts';
import { downloadFailedRows, downloadOrderImportTemplate, type ImportUpload, uploadOrders } from '../api.ts';
import { FailedOrdersTable } from '../components/FailedOrdersTable.tsx';
import { ImportSummary, importHeadline } from '../components/ImportSummary.tsx';
import { importOutcome, placedOrdersHref, rowErrors } from '../import-result.ts';

/**
 * Spec §2 Import orders: an Excel upload of orders, with an account choice for admins and operators (account
 * users import for their own). The upload shows how much of the file is sent (api.upload reports progress),
 * then an indeterminate bar while the server checks and places the orders. Every order that failed is listed
 * with its reason; the good ones are placed whatever the bad ones say.
 */
export function OrderImportPage() {
  const { t, i18n } = useTranslation('orderImport');
  const format = useFormat();
  const viewer = useViewer();
  const choosesAccount = viewer?.role === Role.admin || viewer?.role === Role.operator;
  const client = useQueryClient();
  const [accountSid, setAccountSid] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // The file the last result is about, kept after the picker clears: its failed rows are handed back from it.
  const [sentFile, setSentFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const [result, setResult] = useState<OrderImportResult | null>(null);
  const [problems, setProblems] = useState<FieldIssue[]>([]);

  const upload = useMutation({
    mutationFn: (input: ImportUpload) => uploadOrders(input, setSent),
    onSuccess: (reply) => {
      setResult(reply);
      setFile(null);
      // Green only when every order went in; orange when some did not; red when none did.
      const outcome = importOutcome(reply);
      if (outcome === 'success') notifySuccess(t('imported'));
      else if (outcome === 'warning') notifyWarning(importHeadline(reply, t, format));
      else notifyErrorText(importHeadline(reply, t, format));
      if (reply.imported > 0) void client.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (error) => {
      notifyError(error);
      if (error instanceof ApiError) setProblems(error.details.filter((issue) => issue.path !== 'file'));
    },
  });

  const choose = (chosen: File | null) => {
    // What was said about the previous file no longer applies.
    setResult(null);
    setProblems([]);
    upload.reset();
    setFile(chosen);
  };

  const send = () => {
    if (!file) return;
    setResult(null);
    setProblems([]);
    setSent(0);
    setSentFile(file);
    upload.mutate({ file, accountSid: choosesAccount ? accountSid : null });
  };

  const fileError =
    upload.error instanceof ApiError ? upload.error.details.find((i) => i.path === 'file') : undefined;
  const accountError =
    upload.error instanceof ApiError ? upload.error.details.find((i) => i.path === 'account_sid') : undefined;
  const sending = upload.isPending && sent < 1;
  const language: TextLanguage = i18n.language === 'vi' ? 'vi' : 'en';
  const handBack =
    result && sentFile && result.failedOrders.length > 0
      ? () =>
          downloadFailedRows(
            sentFile,
            rowErrors(result.failedOrders, t, language),
            t('errorColumn'),
            t('failedRowsFile', { name: sentFile.name.replace(/\.xlsx$/i, '') }),
          )
      : undefined;

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={t('title')}
        actions={
          <DownloadButton variant="light" download={downloadOrderImportTemplate}>
            {t('downloadTemplate')}
          </DownloadButton>
        }
      />
      <Text size="sm">{t('intro')}</Text>
      {choosesAccount ? (
        <AccountSelect
          label={t('account')}
          placeholder={t('accountPlaceholder')}
          value={accountSid}
          onChange={setAccountSid}
          required
          error={accountError ? fieldMessage(accountError) : undefined}
        />
      ) : null}
      <FileUpload
        label={t('file')}
        file={file}
        onFileChange={choose}
        onUpload={send}
        uploading={upload.isPending}
        error={fileError ? fieldMessage(fileError) : undefined}
      />
      {upload.isPending ? (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">
            {sending ? t('sending', { percent: Math.round(sent * 100) }) : t('processing')}
          </Text>
          <Progress
            value={sending ? sent * 100 : 100}
            striped={!sending}
            animated={!sending}
            aria-label={sending ? t('sending', { percent: Math.round(sent * 100) }) : t('processing')}
          />
        </Stack>
      ) : null}
      {upload.isError && !accountError && !fileError ? (
        <Alert color="red" title={t('failed')}>
          {errorMessage(upload.error)}
        </Alert>
      ) : null}
      <SheetProblems problems={problems.filter((issue) => issue.path !== 'account_sid')} />
      {result ? (
        <Stack gap="md">
          <ImportSummary result={result} placedHref={placedOrdersHref(result, choosesAccount)} />
          {result.failedOrders.length > 0 ? (
            <FailedOrdersTable failures={result.failedOrders} downloadFailedRows={handBack} />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
