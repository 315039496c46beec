import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { FileUpload, type FileUploadProps } from '../../../components/FileUpload.tsx';

interface BarcodeFileUploadProps extends Omit<FileUploadProps, 'label'> {
  /** Downloads the upload's template (one Barcode column). */
  template: () => Promise<unknown>;
}

/** Tabs 2 and 3's barcode Excel: what the sheet must hold, its template, the picker and Upload. */
export function BarcodeFileUpload({ template, ...props }: BarcodeFileUploadProps) {
  const { t } = useTranslation('hubUploads');
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t('fileHint')}
        </Text>
        <DownloadButton variant="subtle" size="xs" download={template}>
          {t('downloadTemplate')}
        </DownloadButton>
      </Group>
      <FileUpload label={t('file')} {...props} />
    </>
  );
}
