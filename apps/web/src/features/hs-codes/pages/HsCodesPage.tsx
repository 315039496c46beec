import { Grid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type HsCode, Role } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useRowEditor } from '../../../lib/use-row-editor.ts';
import { hsCodesQuery } from '../api.ts';
import { HsCodeForm } from '../components/HsCodeForm.tsx';

/** Typing pauses this long before the list is fetched again, rather than once per keystroke. */
const FILTER_DEBOUNCE_MS = 300;

const COLUMNS: SelectableTableColumn<HsCode>[] = [
  { key: 'hs_code', label: 'Code', width: 160 },
  { key: 'description', label: 'Description' },
];

const hsCodeId = (hsCode: HsCode) => hsCode.sid;

/**
 * Spec §2 Hs Codes: everyone signed in may look the tariff codes up; admins also maintain them in a form that
 * a click on a row fills.
 */
export function HsCodesPage() {
  const isAdmin = useViewer()?.role === Role.admin;
  const [filter, setFilter] = useState('');
  const [debouncedFilter] = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const hsCodes = useQuery({ ...hsCodesQuery(debouncedFilter), placeholderData: keepPreviousData });
  useErrorToast(hsCodes.error);
  const rows = hsCodes.data ?? [];
  const editor = useRowEditor(rows, hsCodeId);

  const filterBox = (
    <TextInput label="Filter" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} />
  );

  if (!isAdmin) {
    return (
      <Stack gap="md">
        <PageHeader title="Hs Codes" />
        {filterBox}
        <SelectableTable columns={COLUMNS} rows={rows} rowId={hsCodeId} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <PageHeader title="Hs Codes" />
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
              columns={COLUMNS}
              rows={rows}
              rowId={hsCodeId}
              selectedId={editor.selectedId}
              onSelect={editor.onSelect}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
