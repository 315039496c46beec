import { Alert, Button, Code, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyTokenButton } from './CopyTokenButton.tsx';

interface CreatedKeyModalProps {
  /** The new key's token, or null when no key was just created. */
  token: string | null;
  onClose: () => void;
}

/** The one time a key's token is shown (the server keeps only a hash and a hint). */
export function CreatedKeyModal({ token, onClose }: CreatedKeyModalProps) {
  const { t } = useTranslation('keys');
  return (
    <Modal opened={token !== null} onClose={onClose} title={t('newKey')} centered size="lg">
      <Stack gap="md">
        <Alert color="yellow">{t('copyNow')}</Alert>
        <Code block data-testid="api-key-token" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {token}
        </Code>
        <Group justify="flex-end">
          {token ? <CopyTokenButton value={token} /> : null}
          <Button onClick={onClose}>{t('done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
