import { Grid, Stack } from '@mantine/core';
import { type HsCode, Role } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FilterBox } from '../../../components/FilterBox.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter.ts';
import { useRowEditor } from '../../../lib/use-row-editor.ts';
import { hsCodesQuery } from '../api.ts';
import { HsCodeForm } from '../components/HsCodeForm.tsx';

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
  const filter = useDebouncedFilter();
  const hsCodes = useQuery({ ...hsCodesQuery(filter.debounced), placeholderData: keepPreviousData });
  // A failed load shows once, in the table with Retry.
  const rows = hsCodes.data ?? [];
  const editor = useRowEditor(rows, hsCodeId);

  const table = (
    <Stack gap="md">
      <FilterBox value={filter.value} onChange={filter.setValue} />
      <SelectableTable
        columns={columns}
        rows={rows}
        rowId={hsCodeId}
        query={hsCodes}
        emptyText={t('common:noData')}
        // Only admins load a row into the form; for the others the table keeps its own selection.
        selectedId={isAdmin ? editor.selectedId : undefined}
        onSelect={isAdmin ? editor.onSelect : undefined}
      />
    </Stack>
  );

  return (
    <Stack gap="md">
      <PageHeader title={t('hsCodes.title')} />
      {isAdmin ? (
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
          <Grid.Col span={{ base: 12, md: 8 }}>{table}</Grid.Col>
        </Grid>
      ) : (
        table
      )}
    </Stack>
  );
}
