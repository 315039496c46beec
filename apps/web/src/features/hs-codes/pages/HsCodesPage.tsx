import { Grid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type HsCode, Role } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useRowEditor } from '../../../lib/use-row-editor.ts';
import { hsCodesQuery } from '../api.ts';
import { HsCodeForm } from '../components/HsCodeForm.tsx';

/** Typing pauses this long before the list is fetched again, rather than once per keystroke. */
const FILTER_DEBOUNCE_MS = 300;

const hsCodeId = (hsCode: HsCode) => hsCode.sid;

/**
 * Spec §2 Hs Codes: everyone signed in may look the tariff codes up; admins also maintain them in a form that
 * a click on a row fills.
 */
export function HsCodesPage() {
  const { t } = useTranslation(['catalogs', 'common']);
  const columns: SelectableTableColumn<HsCode>[] = [
    { key: 'hs_code', label: t('hsCodes.code'), width: 160 },
    { key: 'description', label: t('hsCodes.description') },
  ];
  const isAdmin = useViewer()?.role === Role.admin;
  const [filter, setFilter] = useState('');
  const [debouncedFilter] = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const hsCodes = useQuery({ ...hsCodesQuery(debouncedFilter), placeholderData: keepPreviousData });
  // A failed load shows once, in the table with Retry.
  const rows = hsCodes.data ?? [];
  const editor = useRowEditor(rows, hsCodeId);

  const filterBox = (
    <TextInput
      label={t('common:filter')}
      value={filter}
      onChange={(event) => setFilter(event.currentTarget.value)}
    />
  );

  if (!isAdmin) {
    return (
      <Stack gap="md">
        <PageHeader title={t('hsCodes.title')} />
        {filterBox}
        <SelectableTable
          columns={columns}
          rows={rows}
          rowId={hsCodeId}
          query={hsCodes}
          emptyText={t('common:noData')}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <PageHeader title={t('hsCodes.title')} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }} {...editor.editorProps}>
          <HsCodeForm
            key={editor.editorKey}
            hsCode={editor.row}
            onCreated={editor.clear}
            onUpdated={editor.replace}
            onDeleted={editor.clear}
            onClear={editor.clear}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {filterBox}
            <SelectableTable
              columns={columns}
              rows={rows}
              rowId={hsCodeId}
              query={hsCodes}
              emptyText={t('common:noData')}
              selectedId={editor.selectedId}
              onSelect={editor.onSelect}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
