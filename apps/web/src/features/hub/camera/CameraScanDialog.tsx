import { Alert, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCameraOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StationNotice } from '../../station/index.ts';
import { ScanBanner } from '../components/ScanBanner.tsx';
import type { ScanVerdict } from '../scan-verdict.ts';
import { type CameraState, useCameraScanner } from './use-camera-scanner.ts';

interface CameraScanDialogProps {
  opened: boolean;
  onClose: () => void;
  /** A code read from the picture, handed over once: looked up as any other scan. */
  onCode: (code: string) => void;
  /** The last verdict, repeated in the dialog: the page's banner is behind it. */
  last: ScanVerdict | null;
  /** The queue's news (a scan kept on the device), repeated too. */
  notice?: StationNotice | null;
  pending?: number;
  busy: boolean;
}

function CameraProblemAlert({ state, onRetry }: { state: CameraState; onRetry: () => void }) {
  const { t } = useTranslation('scan');
  if (state.phase !== 'failed') return null;
  const message =
    state.problem === 'readerFailed' || state.problem === 'failed'
      ? t(`camera.${state.problem}`, { msg: state.detail })
      : t(`camera.${state.problem}`);
  return (
    <Alert
      color="red"
      icon={<IconCameraOff size={20} aria-hidden />}
      role="alert"
      data-testid="scan-camera-problem"
    >
      <Stack gap="xs" align="start">
        <Text size="sm">{message}</Text>
        {state.problem === 'unsupported' ? null : (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('camera.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The camera's picture and what it read; mounted only while the dialog is open, so the camera is too. */
function CameraScanner({
  onCode,
  last,
  notice,
  pending,
  busy,
}: Omit<CameraScanDialogProps, 'opened' | 'onClose'>) {
  const { t } = useTranslation('scan');
  const { videoRef, state, retry } = useCameraScanner(onCode);
  return (
    <Stack gap="sm">
      <CameraProblemAlert state={state} onRetry={retry} />
      <Box pos="relative" bg="dark.9" style={{ borderRadius: 8, overflow: 'hidden', aspectRatio: '4 / 3' }}>
        {/* No sound and nothing said: a live picture to aim with, so there is nothing to caption. */}
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label={t('camera.video')}
          data-testid="scan-camera-video"
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {state.phase === 'starting' ? (
          <Group pos="absolute" inset={0} justify="center" c="white" gap="xs">
            <Loader size="sm" color="white" />
            <Text>{t('camera.starting')}</Text>
          </Group>
        ) : null}
      </Box>
      {state.phase === 'scanning' ? <Text size="sm">{t('camera.aim')}</Text> : null}
      <ScanBanner
        last={last}
        notice={notice}
        pending={pending}
        busy={busy}
        compact
        testId="scan-camera-banner"
      />
    </Stack>
  );
}

/** Scanning with the device's camera, for a bench without a handheld scanner. */
export function CameraScanDialog({ opened, onClose, ...scanner }: CameraScanDialogProps) {
  const { t } = useTranslation('scan');
  return (
    <Modal opened={opened} onClose={onClose} title={t('camera.title')} size="lg">
      <CameraScanner {...scanner} />
    </Modal>
  );
}
