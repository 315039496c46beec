import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { HookAttempt } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { CodeBox } from './CodeBox.tsx';
import { INK } from './ink.ts';

/** A 2xx answer is a delivery; anything else, or no answer, is a failed attempt. */
const isSuccess = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;

/** A delivery's attempts, newest first: when, the receiver's answer, how long it took and why it failed. */
export function AttemptList({ attempts }: { attempts: readonly HookAttempt[] }) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  if (attempts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('delivery.noAttempts')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="hook-attempts">
      {attempts.map((attempt, index) => {
        // Numbered in the order they were made, though listed newest first.
        const number = attempts.length - index;
        const color = isSuccess(attempt.status_code) ? 'green' : 'red';
        return (
          <Paper withBorder p="sm" key={number}>
            <Stack gap="xs">
              <Group gap="sm" wrap="wrap">
                <Text size="sm" fw={500}>
                  {t('delivery.attempt', { number })}
                </Text>
                {/* The minute shows; the exact instant is in the title, as retries come seconds apart. */}
                <Text size="sm" component="time" dateTime={attempt.attempted_at} title={attempt.attempted_at}>
                  {format.dateTime(attempt.attempted_at)}
                </Text>
                <Badge
                  color={color}
                  variant="outline"
                  style={{ textTransform: 'none', '--badge-color': INK[color] }}
                >
                  {attempt.status_code ?? t('delivery.noAnswer')}
                </Badge>
                <Text size="sm">{t('delivery.duration', { ms: format.number(attempt.duration_ms) })}</Text>
              </Group>
              {attempt.error ? (
                <Text size="sm" c={INK.red} style={{ overflowWrap: 'anywhere' }}>
                  {t('delivery.error', { error: attempt.error })}
                </Text>
              ) : null}
              {attempt.response_body ? (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('delivery.responseBody')}
                  </Text>
                  <CodeBox label={t('delivery.responseBodyLabel', { number })}>
                    {attempt.response_body}
                  </CodeBox>
                </Stack>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
