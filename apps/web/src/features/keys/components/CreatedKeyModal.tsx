import { Alert, Button, Code, Group, Modal, Stack } from '@mantine/core';
import { CopyTokenButton } from './CopyTokenButton.tsx';

interface CreatedKeyModalProps {
  /** The new key's token, or null when no key was just created. */
  token: string | null;
  onClose: () => void;
}

/** The one time a key's token is shown (the server keeps only a hash and a hint). */
export function CreatedKeyModal({ token, onClose }: CreatedKeyModalProps) {
  return (
    <Modal opened={token !== null} onClose={onClose} title="New API key" centered size="lg">
      <Stack gap="md">
        <Alert color="yellow">Copy this key now. It will not be shown again.</Alert>
        <Code block data-testid="api-key-token" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {token}
        </Code>
        <Group justify="flex-end">
          {token ? <CopyTokenButton value={token} /> : null}
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
