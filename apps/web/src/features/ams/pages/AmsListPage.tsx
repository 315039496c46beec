import { Stack } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton.tsx';
import { PagedListFooter } from '../../../components/PagedListFooter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { WithAccess } from '../../../components/RequireRole.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { AMS_MANAGERS } from '../access.ts';
import { amsListQuery, useDeleteAms } from '../api.ts';
import { AmsFilters } from '../components/AmsFilters.tsx';
import { AmsTable } from '../components/AmsTable.tsx';
import { useAmsSearch } from '../use-ams-search.ts';

function AmsList() {
  const { t } = useTranslation('ams');
  const format = useFormat();
  const { search, query, change } = useAmsSearch();
  const list = useQuery(amsListQuery(query));
  const remove = useDeleteAms();
  const deletion = useConfirmedDelete<Ams>({
    remove: (ams) => remove.mutateAsync(ams.sid),
    question: (ams) => t('confirmDelete', { name: ams.name }),
    done: () => t('deleted'),
  });

  return (
    <Stack gap="md">
      <PageHeader title={t('title')} actions={<AddButton to="/internal/ams/add">{t('add')}</AddButton>} />
      <AmsFilters search={search} change={change} />
      <AmsTable rows={list.data?.data ?? []} query={list} onDelete={deletion.ask} />
      <PagedListFooter
        total={list.data?.total}
        countText={(n) => t('total', { n: format.number(n) })}
        page={search.page}
        pageSize={search.page_size}
        onPageChange={(page) => change({ page })}
      />
      {deletion.dialog}
    </Stack>
  );
}

/**
 * Spec §2 AMS list, admins only: name (typed, sent after 1 s), From and To creation dates, one page of AMS
 * with the total and the page control, all kept in the URL; Delete asks first; "Add AMS" leads to the form.
 */
export function AmsListPage() {
  const { t } = useTranslation('ams');
  return (
    <WithAccess access={{ roles: AMS_MANAGERS, refusal: t('noPermission') }}>
      <AmsList />
    </WithAccess>
  );
}
