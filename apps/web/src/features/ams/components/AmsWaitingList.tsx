import { Anchor, Group, Text } from '@mantine/core';
import type { WaitingParcel } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageControl } from '../../../components/PageControl.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { pageCountFor } from '../../../lib/pagination.ts';
import { amsWaitingQuery } from '../api.ts';
import { AMS_WAITING_PAGE_SIZE, WAITING_ANCHOR } from '../waiting.ts';
import { AmsSection } from './AmsSection.tsx';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Issue 28 item 3: what the flight still expects. The parcels received at the AMS's hub and in no manifest
 * yet, newest scan first, 25 a page, their number in the heading, so none is left on the floor by accident.
 * Shown on the AMS view and on the Create AMS scanning page (which fetches it again after each parcel added).
 */
export function AmsWaitingList({ sid }: { sid: string }) {
  const { t } = useTranslation('ams');
  const format = useFormat();
  const [page, setPage] = useState(0);
  const waiting = useQuery(amsWaitingQuery(sid, page));
  const total = waiting.data?.total ?? 0;
  const pageCount = pageCountFor(total, AMS_WAITING_PAGE_SIZE);
  // Parcels loaded meanwhile may have emptied the last page: it turns to the last one left.
  const shownPage = Math.min(page, Math.max(0, pageCount - 1));
  const loaded = waiting.data !== undefined && !waiting.isPlaceholderData;
  useEffect(() => {
    if (loaded && page > shownPage) setPage(shownPage);
  }, [loaded, page, shownPage]);

  const columns: SelectableTableColumn<WaitingParcel>[] = [
    {
      key: 'barcode',
      label: t('waiting.barcode'),
      render: (parcel) => (
        <Anchor component={Link} to={`/internal/orders/${parcel.sid}/view`} size="sm" style={NO_WRAP}>
          {parcel.barcode}
        </Anchor>
      ),
    },
    {
      key: 'orderNumber',
      label: t('waiting.orderNumber'),
      render: (parcel) => <span style={NO_WRAP}>{parcel.orderNumber}</span>,
    },
    { key: 'accountName', label: t('waiting.account') },
    {
      key: 'weight',
      label: t('waiting.weight'),
      numeric: true,
      render: (parcel) => <span style={NO_WRAP}>{format.kilograms(parcel.weight)}</span>,
    },
    {
      key: 'received_at',
      label: t('waiting.receivedAt'),
      render: (parcel) => (
        <time dateTime={parcel.received_at} style={NO_WRAP}>
          {format.dateTime(parcel.received_at)}
        </time>
      ),
    },
  ];

  return (
    <AmsSection
      id={WAITING_ANCHOR}
      title={
        waiting.data
          ? t('waiting.title', { count: total, formatted: format.number(total) })
          : t('waiting.titleLoading')
      }
    >
      <Text size="sm" c="gray.7">
        {t('waiting.hint')}
      </Text>
      <SelectableTable
        columns={columns}
        rows={waiting.data?.data ?? []}
        rowId={(parcel) => parcel.sid}
        query={waiting}
        emptyText={t('waiting.empty')}
        maxHeight={400}
      />
      {pageCount > 1 ? (
        <Group justify="flex-end">
          <PageControl page={shownPage} pageCount={pageCount} onChange={setPage} />
        </Group>
      ) : null}
    </AmsSection>
  );
}
