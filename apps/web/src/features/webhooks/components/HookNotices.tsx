import { Alert, Button, Group, Text } from '@mantine/core';
import { HOOK_DISABLE_AFTER_DAYS, type HookState } from '@parcelops/shared';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useServerText } from '../../../lib/server-text.ts';
import { useEnableHook } from '../api.ts';

interface HookNoticesProps {
  accountSid: string;
  hook: Pick<HookState, 'disabled_at' | 'disabled_reason' | 'failing_since'> &
    Partial<Pick<HookState, 'disabled_reason_text'>>;
}

/**
 * Why events may not be arriving: a hook disabled after days of failures (with the way to turn it back on),
 * or one failing now and heading that way.
 */
export function HookNotices({ accountSid, hook }: HookNoticesProps) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const say = useServerText();
  const enable = useEnableHook(accountSid);

  if (hook.disabled_at) {
    const date = format.dateTime(hook.disabled_at);
    const onEnable = () =>
      enable.mutate(undefined, {
        onSuccess: () => notifySuccess(t('enabled')),
        onError: (error) => notifyError(error),
      });
    return (
      <Alert color="red" variant="light" icon={<IconPlugConnectedX aria-hidden />}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {hook.disabled_reason
              ? t('disabled', { date, reason: say(hook.disabled_reason_text, hook.disabled_reason) })
              : t('disabledNoReason', { date })}
          </Text>
          <Button size="xs" color="red" onClick={onEnable} loading={enable.isPending}>
            {t('enable')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (hook.failing_since) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        <Text size="sm">
          {t('failing', { date: format.dateTime(hook.failing_since), days: HOOK_DISABLE_AFTER_DAYS })}
        </Text>
      </Alert>
    );
  }
  return null;
}
