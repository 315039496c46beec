import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { notifyError } from '../lib/notify.ts';

interface DownloadButtonProps extends Pick<ButtonProps, 'variant' | 'size'> {
  /** Starts the download, e.g. `() => api.download('/pricese/template', 'pricese_template.xlsx')`. */
  download: () => Promise<unknown>;
  children: ReactNode;
}

/**
 * A button that fetches a workbook (a template or an export) and hands it to the browser. Unlike the spec's
 * reports, whose failures are only logged, a missing template blocks the person's next step, so a failure
 * shows the server's msg.
 */
export function DownloadButton({ download, children, variant = 'light', size }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={variant}
      size={size}
      leftSection={<IconDownload size={16} />}
      onClick={onClick}
      loading={busy}
    >
      {children}
    </Button>
  );
}
