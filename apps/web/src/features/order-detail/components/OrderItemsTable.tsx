import { Button, Group, Table, Text } from '@mantine/core';
import type { OrderItem } from '@parcelops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { HsCodeSelect } from '../../hs-codes/index.ts';
import { useUpdateOrderItem } from '../api.ts';

/** Admins change an item's HS code in place (PUT /orders/items/{sid}); spec §5. */
function HsCodeCell({ item, canEdit }: { item: OrderItem; canEdit: boolean }) {
  const { t } = useTranslation('order');
  const { t: common } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [code, setCode] = useState(item.hs_code ?? '');
  const update = useUpdateOrderItem();

  if (!editing) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c={item.hs_code ? undefined : 'gray.7'}>
          {item.hs_code ?? t('itemsTable.none')}
        </Text>
        {canEdit ? (
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={t('itemsTable.editHsCode', { sku: item.skuNumber })}
            onClick={() => {
              setCode(item.hs_code ?? '');
              setEditing(true);
            }}
          >
            {t('itemsTable.edit')}
          </Button>
        ) : null}
      </Group>
    );
  }

  const save = () =>
    update.mutate(
      { itemSid: item.sid, hs_code: code },
      {
        onSuccess: () => {
          notifySuccess(t('itemsTable.hsCodeUpdated'));
          setEditing(false);
        },
        onError: (error) => notifyError(error),
      },
    );

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <HsCodeSelect
        label={t('itemsTable.hsCodeOf', { sku: item.skuNumber })}
        value={code}
        onChange={setCode}
      />
      <Button size="xs" onClick={save} loading={update.isPending} disabled={code.trim() === ''}>
        {common('save')}
      </Button>
      <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={update.isPending}>
        {common('cancel')}
      </Button>
    </Group>
  );
}

interface OrderItemsTableProps {
  items: OrderItem[];
  canEditHsCode: boolean;
}

/** The items of one order: weights in grams and sizes in cm, as they were entered; values in USD a piece. */
export function OrderItemsTable({ items, canEditHsCode }: OrderItemsTableProps) {
  const { t } = useTranslation('order');
  const { t: common } = useTranslation();
  const format = useFormat();
  const number = (value: number) => format.number(value, value % 1 === 0 ? 0 : 2);
  return (
    <ScrollRegion label={t('itemsTable.label')} minWidth={800}>
      <Table withTableBorder striped aria-label={t('itemsTable.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('itemsTable.sku')}</Table.Th>
            <Table.Th>{t('itemsTable.description')}</Table.Th>
            <Table.Th ta="right">{t('itemsTable.quantity')}</Table.Th>
            <Table.Th ta="right">{t('itemsTable.weight')}</Table.Th>
            <Table.Th ta="right">{t('itemsTable.sizes')}</Table.Th>
            <Table.Th>{t('itemsTable.hsCode')}</Table.Th>
            <Table.Th ta="right">{t('itemsTable.declaredValue')}</Table.Th>
            <Table.Th>{t('itemsTable.originCountry')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text c="gray.7" ta="center" size="sm">
                  {common('noData')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            items.map((item) => (
              <Table.Tr key={item.sid}>
                <Table.Td>{item.skuNumber}</Table.Td>
                <Table.Td>{item.itemDescription ?? ''}</Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{number(item.itemWeight)}</Table.Td>
                <Table.Td ta="right">
                  {[item.itemWidth, item.itemHeight, item.itemLength].map((size) => number(size)).join('×')}
                </Table.Td>
                <Table.Td>
                  <HsCodeCell item={item} canEdit={canEditHsCode} />
                </Table.Td>
                <Table.Td ta="right">
                  {item.declaredValue === null ? (
                    <Text size="sm" c="gray.7" span>
                      {t('itemsTable.none')}
                    </Text>
                  ) : (
                    format.number(item.declaredValue, 2)
                  )}
                </Table.Td>
                <Table.Td>{item.originCountry}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
