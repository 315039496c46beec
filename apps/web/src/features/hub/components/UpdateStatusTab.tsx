import { Select, Stack, Text, TextInput } from '@mantine/core';
import {
  OrderStatus,
  type StatusUploadPreview as Preview,
  Role,
  UPLOADABLE_STATUSES,
} from '@parcelops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { useViewer } from '../../../lib/session.ts';
import { useOrderStatusLabel } from '../../orders/index.ts';
import {
  downloadStatusTemplate,
  type StatusResultCounts,
  type StatusUpload,
  useStatusPreview,
  useStatusUpload,
} from '../api.ts';
import { BarcodeFileUpload } from './BarcodeFileUpload.tsx';
import { type AdminOverride, StatusUploadPreview } from './StatusUploadPreview.tsx';

const FAILED = String(OrderStatus.Failed);

/** Nothing goes back to Generated (shared status-transitions), so the upload never offers it. */
const OFFERED = UPLOADABLE_STATUSES.filter((status) => status !== OrderStatus.Generated);

/**
 * Spec §2 Scan Orders, tab 3: one status (not Generated nor Order Failed; a reason for Failed) on every order of
 * a barcode Excel. The server first says what the upload would do (the preview); only Confirm applies it. The
 * reply, one row per barcode with its result, comes down as a file, and the toast gives the counts.
 */
export function UpdateStatusTab() {
  const { t } = useTranslation('hubUploads');
  const statusLabel = useOrderStatusLabel();
  const [status, setStatus] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // The preview with the exact fields it answers: Confirm sends those, not whatever the form holds later.
  const [previewed, setPreviewed] = useState<{ upload: StatusUpload; preview: Preview } | null>(null);
  const previewing = useStatusPreview();
  const applying = useStatusUpload();
  const needsReason = status === FAILED;
  // An admin may move orders the rules refuse (a final status, a step back) by giving a reason in the preview;
  // for Failed, its own reason serves (the server takes the upload's `reason` as the admin's for both).
  const isAdmin = useViewer()?.role === Role.admin;
  const [overrideReason, setOverrideReason] = useState('');
  const [overrideError, setOverrideError] = useState<string | null>(null);
  // The form is locked while the server works, so the preview answers exactly what is on screen.
  const busy = previewing.isPending || applying.isPending;

  const onFailure = (error: unknown) => {
    // A problem with the reason shows under its field; anything else once, as a toast.
    const onReason = error instanceof ApiError && error.details.find((issue) => issue.path === 'reason');
    if (!onReason) notifyError(error);
    else if (needsReason) setReasonError(fieldMessage(onReason));
    else setOverrideError(fieldMessage(onReason));
  };

  const runPreview = (upload: StatusUpload) =>
    previewing.mutate(upload, {
      onSuccess: (result) => setPreviewed({ upload, preview: result }),
      onError: onFailure,
    });

  const preview = () => {
    if (!file || status === null) return;
    if (needsReason && !reason.trim()) {
      setReasonError(t('status.reasonRequired'));
      return;
    }
    setReasonError(null);
    setOverrideReason('');
    setOverrideError(null);
    runPreview({ file, status, reason: needsReason ? reason : '' });
  };

  const previewWithReason = () => {
    if (!previewed) return;
    if (!overrideReason.trim()) {
      setOverrideError(t('preview.override.required'));
      return;
    }
    setOverrideError(null);
    runPreview({ ...previewed.upload, reason: overrideReason });
  };
  const override: AdminOverride | undefined =
    isAdmin && !needsReason
      ? {
          given: previewed?.upload.reason.trim() ?? '',
          reason: overrideReason,
          onReasonChange: (value) => {
            setOverrideReason(value);
            setOverrideError(null);
          },
          onApply: previewWithReason,
          error: overrideError,
        }
      : undefined;

  const toast = (counts: StatusResultCounts) => {
    const text = t('status.counts', counts);
    if (counts.refused > 0) notifyWarning(t('status.refusedToast', { count: counts.refused, counts: text }));
    else notifySuccess(t('status.successCounts', { counts: text }));
  };

  const confirm = () => {
    if (!previewed) return;
    applying.mutate(previewed.upload, {
      onSuccess: (counts) => {
        toast(counts);
        setPreviewed(null);
        setFile(null);
      },
      onError: onFailure,
    });
  };

  // Any change to what would be sent makes the preview stale.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreviewed(null);
    };

  return (
    <Stack gap="sm" maw={720}>
      <Text size="sm">{t('status.intro')}</Text>
      <Select
        label={t('status.label')}
        placeholder={t('status.placeholder')}
        required
        data={OFFERED.map((value) => ({ value: String(value), label: statusLabel(value) }))}
        value={status}
        onChange={changed((value: string | null) => {
          setStatus(value);
          setReasonError(null);
        })}
        allowDeselect={false}
        disabled={busy}
        maw={280}
      />
      {needsReason ? (
        <TextInput
          label={t('status.reason')}
          required
          value={reason}
          onChange={(event) => changed(setReason)(event.currentTarget.value)}
          error={reasonError}
          maxLength={500}
          disabled={busy}
        />
      ) : null}
      <BarcodeFileUpload
        file={file}
        onFileChange={changed(setFile)}
        onUpload={preview}
        uploading={busy}
        ready={status !== null && previewed === null}
        template={downloadStatusTemplate}
      />
      {previewed ? (
        <StatusUploadPreview
          preview={previewed.preview}
          status={Number(previewed.upload.status)}
          onConfirm={confirm}
          onCancel={() => setPreviewed(null)}
          confirming={applying.isPending}
          override={override}
          previewing={previewing.isPending}
        />
      ) : null}
    </Stack>
  );
}
