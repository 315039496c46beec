import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { downloadOrderDetailsTemplate, useOrderDetailsUpload } from '../api.ts';
import { BarcodeFileUpload } from './BarcodeFileUpload.tsx';

/** Spec §2 Scan Orders, tab 2: a barcode Excel in, Order_details.xlsx out. */
export function OrderDetailsTab() {
  const { t } = useTranslation('hubUploads');
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState(false);
  const upload = useOrderDetailsUpload();

  const choose = (chosen: File | null) => {
    setDone(false);
    setFile(chosen);
  };

  const send = () => {
    if (!file) return;
    setDone(false);
    upload.mutate(file, {
      onSuccess: () => {
        setDone(true);
        setFile(null);
      },
      // The one place a failure shows: the toast with the server's msg.
      onError: (error) => notifyError(error),
    });
  };

  return (
    <Stack gap="sm" maw={640}>
      <Text size="sm">{t('details.intro')}</Text>
      <BarcodeFileUpload
        file={file}
        onFileChange={choose}
        onUpload={send}
        uploading={upload.isPending}
        template={downloadOrderDetailsTemplate}
      >
        {done ? (
          <Text size="sm" role="status">
            {t('details.done')}
          </Text>
        ) : null}
      </BarcodeFileUpload>
    </Stack>
  );
}
