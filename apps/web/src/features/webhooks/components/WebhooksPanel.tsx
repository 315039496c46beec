import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { HookState } from '@parcelops/shared';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { hookQuery, useSendTestEvent } from '../api.ts';
import { DeliveriesTable } from './DeliveriesTable.tsx';
import { HookNotices } from './HookNotices.tsx';
import { SigningSecret } from './SigningSecret.tsx';

/**
 * The account's order-status webhook on its edit page (product decisions, Tracking and notifications): how
 * events are signed, the signing secret, whether the hook is on, a test event and the latest deliveries. The
 * URL is the account form's "Order status hook"; without one there is nothing else to show. A section of the
 * page, so its heading is an h2 under the page's h1.
 */
export function WebhooksPanel({ accountSid }: { accountSid: string }) {
  const { t } = useTranslation('webhooks');
  const titleId = useId();
  const hook = useQuery(hookQuery(accountSid));
  const sendTest = useSendTestEvent(accountSid);

  const onSendTest = () =>
    sendTest.mutate(undefined, {
      onSuccess: () => notifySuccess(t('testQueued')),
      onError: (error) => notifyError(error),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} size="h3" id={titleId}>
          {t('title')}
        </Title>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={onSendTest}
          loading={sendTest.isPending}
          disabled={!hook.data?.url}
        >
          {t('sendTest')}
        </Button>
      </Group>
      <Text size="sm">{t('intro')}</Text>
      <QueryState query={hook} loading={<SkeletonLines lines={3} />}>
        {(state) => <HookDetails accountSid={accountSid} hook={state} />}
      </QueryState>
    </Stack>
  );
}

function HookDetails({ accountSid, hook }: { accountSid: string; hook: HookState }) {
  const { t } = useTranslation('webhooks');
  if (!hook.url) {
    return (
      <Text size="sm" c="dimmed">
        {t('noUrl')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <HookNotices accountSid={accountSid} hook={hook} />
      {hook.secret ? (
        <SigningSecret
          accountSid={accountSid}
          secret={hook.secret}
          previousSecretUntil={hook.previous_secret_until}
        />
      ) : null}
      <DeliveriesTable accountSid={accountSid} />
    </Stack>
  );
}
