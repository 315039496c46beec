import { Button, Stack } from '@mantine/core';
import { type ApiKey, Messages } from '@parcelops/shared';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { RowActions } from '../../../lib/RowActions.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { apiKeysQuery, useCreateApiKey, useDeleteApiKey } from '../api.ts';
import { CreatedKeyModal } from './CreatedKeyModal.tsx';

const formatDate = (value: string) => new Date(value).toLocaleString();

const confirmDelete = (key: ApiKey) => `Do you want to delete the API key ${key.token_hint}?`;

/** Spec §2 Accounts: the account's API keys on its edit page, with create and delete. */
export function ApiKeysPanel({ accountSid }: { accountSid: string }) {
  const keys = useQuery(apiKeysQuery(accountSid));
  useErrorToast(keys.error);
  const create = useCreateApiKey(accountSid);
  const remove = useDeleteApiKey(accountSid);
  const [token, setToken] = useState<string | null>(null);
  const [pending, setPending] = useState<ApiKey | null>(null);

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        notifySuccess(Messages.apiKeyCreated);
        setToken(created.token);
      },
      onError: (error) => notifyError(error),
    });

  const onConfirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.sid, {
      onSuccess: () => notifySuccess(Messages.apiKeyDeleted),
      onError: (error) => notifyError(error),
      onSettled: () => setPending(null),
    });
  };

  const columns: SelectableTableColumn<ApiKey>[] = [
    { key: 'token_hint', label: 'Key' },
    { key: 'date_created', label: 'Created', render: (key) => formatDate(key.date_created) },
    {
      key: 'last_used',
      label: 'Last used',
      render: (key) => (key.last_used ? formatDate(key.last_used) : 'Never'),
    },
    {
      key: 'actions',
      label: '',
      render: (key) => (
        <RowActions>
          <Button size="xs" color="red" variant="light" onClick={() => setPending(key)}>
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <PageHeader
        title="API keys"
        actions={
          <Button leftSection={<IconKey size={16} />} onClick={onCreate} loading={create.isPending}>
            Create API key
          </Button>
        }
      />
      <SelectableTable columns={columns} rows={keys.data ?? []} rowId={(key) => key.sid} />
      <CreatedKeyModal token={token} onClose={() => setToken(null)} />
      <ConfirmDialog
        opened={pending !== null}
        message={pending ? confirmDelete(pending) : ''}
        onConfirm={onConfirmDelete}
        onCancel={() => setPending(null)}
        loading={remove.isPending}
      />
    </Stack>
  );
}
