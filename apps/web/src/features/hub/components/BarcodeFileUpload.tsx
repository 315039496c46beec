import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FileUpload, type FileUploadProps } from '../../../components/FileUpload.tsx';

/** Tabs 2 and 3's barcode Excel: what the sheet must hold, the picker and Upload. */
export function BarcodeFileUpload(props: Omit<FileUploadProps, 'label'>) {
  const { t } = useTranslation('hubUploads');
  return (
    <>
      <Text size="xs" c="dimmed">
        {t('fileHint')}
      </Text>
      <FileUpload label={t('file')} {...props} />
    </>
  );
}
