/**
 * Honest screens (issue: lists that lie while loading): what a query shows before it has data. While the
 * first answer is on its way, skeleton rows; after a failure, the server's msg and, when trying again could
 * help, a Retry button; only with an answer in hand may a screen say it is empty.
 */
import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../lib/api-client.ts';

/** The parts of a TanStack Query result these states read. */
export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface QueryErrorProps {
  error: unknown;
  onRetry: () => unknown;
}

/**
 * Whether asking again might answer differently: a lost connection, a server error, a timeout or too many
 * calls. A refusal (403), a missing object (404) or bad input will say the same again, so they get no Retry.
 */
export function canRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === 'NETWORK' || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** A failed load: what the server said, and a way to try again when that could help. */
export function QueryError({ error, onRetry }: QueryErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('loadFailed')}
      role="alert"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{errorMessage(error)}</Text>
        {canRetry(error) ? (
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void onRetry()}
          >
            {t('retry')}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}

/** Placeholder lines of a loading page (detail views, forms). */
export function SkeletonLines({ lines = 6 }: { lines?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={20} width={`${90 - ((index * 13) % 40)}%`} />
      ))}
    </Stack>
  );
}

/** Skeleton rows inside a table body while its rows load. */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Table.Tr key={row} aria-hidden>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Table.Td key={column}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

interface QueryStateProps<Data> {
  query: QueryLike & { data: Data | undefined };
  /** Shown while loading; skeleton lines by default. */
  loading?: ReactNode;
  /** Whether the answer holds nothing to show (an empty list); then `empty` shows instead of the data. */
  isEmpty?: (data: Data) => boolean;
  /** What an empty answer shows: "No data." by default. */
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}

/** A page's body: skeleton, error (with Retry when it could help), "No data." once the server has said so, or the data. */
export function QueryState<Data>({ query, loading, isEmpty, empty, children }: QueryStateProps<Data>) {
  const { t } = useTranslation();
  if (query.data !== undefined) {
    if (isEmpty?.(query.data)) {
      return (
        <>
          {empty ?? (
            <Text c="dimmed" ta="center" size="sm">
              {t('noData')}
            </Text>
          )}
        </>
      );
    }
    return <>{children(query.data)}</>;
  }
  if (query.isError) return <QueryError error={query.error} onRetry={query.refetch} />;
  return <>{loading ?? <SkeletonLines />}</>;
}
