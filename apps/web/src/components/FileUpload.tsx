import { Button, Group } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from './FilePicker.tsx';

export interface FileUploadProps {
  /** The file picker's label, e.g. "Barcode Excel". */
  label: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  onUpload: () => void;
  uploading: boolean;
  /** Upload stays off until a file is chosen, and until this says the rest of the form is ready. */
  ready?: boolean;
  /** The server's word about the file itself, under the picker. */
  error?: ReactNode;
  /** Shown between the picker and the Upload button: what the last upload answered, the sheet's problems. */
  children?: ReactNode;
}

/**
 * An Excel upload panel's file and its Upload button (spec §2 Generic elements). The picker is locked while
 * the file is on its way, so the file shown is the file sent.
 */
export function FileUpload({
  label,
  file,
  onFileChange,
  onUpload,
  uploading,
  ready = true,
  error,
  children,
}: FileUploadProps) {
  const { t } = useTranslation();
  return (
    <>
      <FilePicker
        label={label}
        accept=".xlsx"
        required
        value={file}
        onChange={onFileChange}
        disabled={uploading}
        error={error}
      />
      {children}
      <Group justify="flex-end">
        <Button
          leftSection={<IconUpload size={16} />}
          onClick={onUpload}
          disabled={!file || !ready}
          loading={uploading}
        >
          {t('upload')}
        </Button>
      </Group>
    </>
  );
}
