import { Button, Group } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QueryLike } from '../../../components/QueryState.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { ActionsHeader, RowActions } from '../../../lib/RowActions.tsx';
import { AmsStatusBadge, DepartsSoonBadge } from './AmsBadges.tsx';

interface AmsTableProps {
  rows: Ams[];
  /** The list's query: skeleton rows before its first answer, its error with Retry after a failure. */
  query: QueryLike;
  onDelete: (ams: Ams) => void;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * Spec §2 AMS list: one page of AMS, each with its status, departure, creation time, what is loaded (pieces,
 * KG) and its View and Delete; one departing within 12 hours and not yet filed says so beside its name.
 */
export function AmsTable({ rows, query, onDelete }: AmsTableProps) {
  const { t } = useTranslation('ams');
  const { t: common } = useTranslation();
  const format = useFormat();
  const columns: SelectableTableColumn<Ams>[] = [
    {
      key: 'name',
      label: t('columns.name'),
      render: (ams) => (
        <Group gap="xs" wrap="nowrap">
          <span>{ams.name}</span>
          {ams.departing_soon ? <DepartsSoonBadge /> : null}
        </Group>
      ),
    },
    { key: 'status', label: t('columns.status'), render: (ams) => <AmsStatusBadge status={ams.status} /> },
    {
      key: 'departureDate',
      label: t('columns.departure'),
      render: (ams) => (
        <time dateTime={ams.departureDate} style={nowrap}>
          {format.dateTime(ams.departureDate)}
        </time>
      ),
    },
    {
      key: 'date_created',
      label: t('columns.created'),
      render: (ams) => (
        <time dateTime={ams.date_created} style={nowrap}>
          {format.dateTime(ams.date_created)}
        </time>
      ),
    },
    { key: 'pieces', label: t('columns.pieces'), numeric: true, render: (ams) => format.number(ams.pieces) },
    {
      key: 'total_weight',
      label: t('columns.weight'),
      numeric: true,
      render: (ams) => <span style={nowrap}>{format.kilograms(ams.total_weight)}</span>,
    },
    {
      key: 'actions',
      label: <ActionsHeader />,
      render: (ams) => (
        <RowActions>
          <Button component={Link} to={`/internal/ams/${ams.sid}/view`} size="xs" variant="light">
            {common('view')}
          </Button>
          {/* A submitted AMS cannot be deleted (the server refuses): no button that only refuses. */}
          {ams.submit_status === 'submitted' ? null : (
            <Button size="xs" color="red" variant="light" onClick={() => onDelete(ams)}>
              {common('delete')}
            </Button>
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <SelectableTable columns={columns} rows={rows} rowId={(ams) => ams.sid} query={query} maxHeight={600} />
  );
}
