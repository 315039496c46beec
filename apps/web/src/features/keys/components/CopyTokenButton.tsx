import { Button } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyErrorText, notifySuccess } from '../../../lib/notify.ts';

const COPIED = 'Copied to clipboard';
const NOT_COPIED = 'Could not copy to clipboard';
/** How long the button says "Copied" after a successful copy. */
const COPIED_FOR_MS = 2000;

/**
 * Copies the token and says whether that worked (spec §8). Mantine's CopyButton keeps a failed copy to
 * itself, so the clipboard is written here, where a refusal (no permission, insecure page) can be reported.
 */
export function CopyTokenButton({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  const { start } = useTimeout(() => setCopied(false), COPIED_FOR_MS);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      start();
      notifySuccess(COPIED);
    } catch {
      notifyErrorText(NOT_COPIED);
    }
  };

  return (
    <Button
      variant="light"
      color={copied ? 'teal' : undefined}
      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      onClick={copy}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
