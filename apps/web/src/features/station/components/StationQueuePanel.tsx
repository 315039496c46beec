import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconCloudOff, IconLogin, IconSend, IconWifi } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { useFailureText } from '../../../lib/server-text.ts';
import type { StationControls } from '../hooks/use-station.ts';
import type { StationModeName } from '../rules/station-mode.ts';

/** Dark enough for white text (4.5:1 or better) on each mode's badge. */
const MODE_COLOR: Record<StationModeName, string> = {
  live: '#1e6b30',
  queued: 'blue.9',
  manual: 'gray.8',
  signIn: 'red.9',
};

/**
 * How the station sends (issue 32): live or queued (by itself, by hand, or until the operator signs in
 * again), how many scans wait on the device, when the server last answered; the switch to queue by hand and
 * Send now. Always on screen, so the operator can see at a glance whether scans are being checked.
 */
export function StationQueuePanel({ station }: { station: StationControls }) {
  const { t } = useTranslation('scan');
  const format = useFormat();
  const failureText = useFailureText();
  const headingId = useId();
  const { status, mode } = station;
  const refusal = status.connection.state === 'queued' ? status.connection.failure : null;
  const ModeIcon = mode === 'live' ? IconWifi : IconCloudOff;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="station-queue"
      data-mode={mode}
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text id={headingId} fw={600}>
              {t('station.heading')}
            </Text>
            <Badge
              color={MODE_COLOR[mode]}
              variant="filled"
              leftSection={<ModeIcon size={14} aria-hidden />}
              data-testid="station-mode"
            >
              {t(`station.mode.${mode}`)}
            </Badge>
            <Text fw={700} data-testid="station-pending">
              {t('station.pending', { count: status.pending })}
            </Text>
          </Group>
          <Text size="sm">{t(`station.modeHint.${mode}`)}</Text>
          <Text size="sm" c="gray.7" data-testid="station-last-answer">
            {status.lastAnsweredAt
              ? t('station.lastAnswer', { when: format.shortDateTime(status.lastAnsweredAt) })
              : t('station.lastAnswerNever')}
          </Text>
          {refusal ? (
            <Text size="sm" c="red.9" data-testid="station-refusal">
              {t('station.refused', { msg: failureText(refusal) })}
            </Text>
          ) : null}
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Switch
            label={t('station.queueByHand')}
            checked={status.manual}
            onChange={(event) => station.setManual(event.currentTarget.checked)}
            data-testid="station-queue-by-hand"
          />
          <Button
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={station.sendNow}
            disabled={status.pending === 0 || mode === 'signIn' || status.sending}
            data-testid="station-send-now"
          >
            {t('station.sendNow')}
          </Button>
        </Group>
      </Group>
      {mode === 'signIn' ? (
        <Alert color="red" mt="sm" role="alert" title={t('station.signIn.title')}>
          <Stack gap="xs" align="start">
            <Text size="sm">{t('station.signIn.body', { count: status.pending })}</Text>
            <Button
              color="red.9"
              leftSection={<IconLogin size={16} aria-hidden />}
              onClick={station.signInAgain}
            >
              {t('station.signIn.action')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {status.durable === false ? (
        <Alert color="yellow" mt="sm" data-testid="station-not-durable">
          <Text size="sm">{t('station.notDurable')}</Text>
        </Alert>
      ) : null}
    </Paper>
  );
}
