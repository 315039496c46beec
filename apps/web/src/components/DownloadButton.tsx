import { Button, type ButtonProps, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { notifyError } from '../lib/notify.ts';

interface DownloadButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'disabled'> {
  /** Starts the download, e.g. `() => api.download('/pricese/template', 'pricese_template.xlsx')`. */
  download: () => Promise<unknown>;
  /**
   * What a failure does. A missing template or export blocks the person's next step, so by default it shows
   * the server's msg; spec §8 has report downloads' failures only logged.
   */
  onFailure?: 'toast' | 'log';
  icon?: ReactNode;
  children: ReactNode;
}

/**
 * A button that fetches a file (a template, an export or a report) and hands it to the browser, spinning
 * until the whole file is in: the server streams reports while it reads them.
 */
export function DownloadButton({
  download,
  onFailure = 'toast',
  icon = <IconDownload size={16} />,
  children,
  variant = 'light',
  size,
  disabled,
}: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      if (onFailure === 'toast') notifyError(error);
      else console.error('Download failed', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={variant}
      size={size}
      leftSection={icon}
      onClick={onClick}
      loading={busy}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}

/** The small "Download template" link-like button beside an upload, on its own line. */
export function TemplateDownload({ download, children }: Pick<DownloadButtonProps, 'download' | 'children'>) {
  return (
    <Group>
      <DownloadButton variant="subtle" size="xs" download={download}>
        {children}
      </DownloadButton>
    </Group>
  );
}
