import { Button } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyErrorText, notifySuccess } from '../../../lib/notify.ts';

/** How long the button says "Copied" after a successful copy. */
const COPIED_FOR_MS = 2000;

/**
 * Copies the token and says whether that worked (spec §8). Mantine's CopyButton keeps a failed copy to
 * itself, so the clipboard is written here, where a refusal (no permission, insecure page) can be reported.
 */
export function CopyTokenButton({ value }: { value: string }) {
  const { t } = useTranslation('keys');
  const [copied, setCopied] = useState(false);
  const { start } = useTimeout(() => setCopied(false), COPIED_FOR_MS);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      start();
      notifySuccess(t('copiedToast'));
    } catch {
      notifyErrorText(t('copyFailed'));
    }
  };

  return (
    <Button
      variant="light"
      color={copied ? 'teal' : undefined}
      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      onClick={copy}
    >
      {copied ? t('copied') : t('copy')}
    </Button>
  );
}
