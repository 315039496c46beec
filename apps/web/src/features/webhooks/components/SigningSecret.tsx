import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { HOOK_PREVIOUS_SECRET_HOURS } from '@parcelops/shared';
import { IconEye, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { CopyTokenButton } from '../../keys/index.ts';
import { useRotateHookSecret } from '../api.ts';

/** What shows instead of the secret: its prefix, so the kind of value is clear, and nothing of the key. */
const MASK = `whsec_${'•'.repeat(24)}`;

interface SigningSecretProps {
  accountSid: string;
  secret: string;
  /** After a rotation, until when the previous secret signs too. */
  previousSecretUntil: string | null;
}

/**
 * The `whsec_` secret a seller's receiver verifies signatures with: hidden until asked for (a screen may be
 * shared), copyable, and rotated after a confirmation that says the old one keeps signing for a day.
 */
export function SigningSecret({ accountSid, secret, previousSecretUntil }: SigningSecretProps) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const labelId = useId();
  const rotate = useRotateHookSecret(accountSid);
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const previousStillSigns = previousSecretUntil !== null && new Date(previousSecretUntil) > new Date();

  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => notifySuccess(t('secret.rotated')),
      onError: (error) => notifyError(error),
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {t('secret.label')}
      </Text>
      <Group gap="xs" wrap="wrap" role="group" aria-labelledby={labelId}>
        <Code data-testid="signing-secret" style={{ overflowWrap: 'anywhere' }} fz="sm" py={6}>
          {revealed ? secret : MASK}
        </Code>
        <Button
          variant="default"
          leftSection={revealed ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
          onClick={() => setRevealed((shown) => !shown)}
        >
          {revealed ? t('secret.hide') : t('secret.show')}
        </Button>
        <CopyTokenButton value={secret} />
        <Button
          variant="light"
          color="red"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          {t('secret.rotate')}
        </Button>
      </Group>
      {previousStillSigns ? (
        <Text size="sm" c="dimmed">
          {t('secret.previousUntil', { time: format.dateTime(previousSecretUntil) })}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('secret.rotateTitle')}
        message={t('secret.rotateQuestion', { hours: HOOK_PREVIOUS_SECRET_HOURS })}
        confirmLabel={t('secret.rotate')}
        onConfirm={onRotate}
        onCancel={() => setConfirming(false)}
        loading={rotate.isPending}
      />
    </Stack>
  );
}
