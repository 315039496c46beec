import { Button, Group, Stack, Title } from '@mantine/core';
import type { ApiKey } from '@parcelops/shared';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ActionsHeader, RowActions } from '../../../lib/RowActions.tsx';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { apiKeysQuery, useCreateApiKey, useDeleteApiKey } from '../api.ts';
import { CreatedKeyModal } from './CreatedKeyModal.tsx';

/**
 * Spec §2 Accounts: the account's API keys on its edit page, with create and delete. A section of that page,
 * so its heading is an h2 under the page's one h1. A failed load shows in the table with Retry; failed
 * actions are toasts.
 */
export function ApiKeysPanel({ accountSid }: { accountSid: string }) {
  const { t } = useTranslation(['keys', 'common']);
  const format = useFormat();
  const keys = useQuery(apiKeysQuery(accountSid));
  const create = useCreateApiKey(accountSid);
  const remove = useDeleteApiKey(accountSid);
  const [token, setToken] = useState<string | null>(null);
  const deletion = useConfirmedDelete<ApiKey>({
    remove: (key) => remove.mutateAsync(key.sid),
    question: (key) => t('confirmDelete', { hint: key.token_hint }),
    done: () => t('deleted'),
  });

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        notifySuccess(t('created'));
        setToken(created.token);
      },
      onError: (error) => notifyError(error),
    });

  const columns: SelectableTableColumn<ApiKey>[] = [
    { key: 'token_hint', label: t('columns.key') },
    { key: 'date_created', label: t('columns.created'), render: (key) => format.dateTime(key.date_created) },
    {
      key: 'last_used',
      label: t('columns.lastUsed'),
      render: (key) => (key.last_used ? format.dateTime(key.last_used) : t('never')),
    },
    {
      key: 'actions',
      label: <ActionsHeader />,
      render: (key) => (
        <RowActions>
          <Button size="xs" color="red" variant="light" onClick={() => deletion.ask(key)}>
            {t('common:delete')}
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        <Button leftSection={<IconKey size={16} />} onClick={onCreate} loading={create.isPending}>
          {t('create')}
        </Button>
      </Group>
      <SelectableTable
        columns={columns}
        rows={keys.data ?? []}
        rowId={(key) => key.sid}
        query={keys}
        emptyText={t('common:noData')}
      />
      <CreatedKeyModal token={token} onClose={() => setToken(null)} />
      {deletion.dialog}
    </Stack>
  );
}
