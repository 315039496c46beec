import { Button, Group, Table, Text } from '@mantine/core';
import { Messages, type OrderItem } from '@parcelops/shared';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { HsCodeSelect } from '../../hs-codes/index.ts';
import { useUpdateOrderItem } from '../api.ts';

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Admins change an item's HS code in place (PUT /orders/items/{sid}); spec §5. */
function HsCodeCell({ item, canEdit }: { item: OrderItem; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [code, setCode] = useState(item.hs_code ?? '');
  const update = useUpdateOrderItem();

  if (!editing) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c={item.hs_code ? undefined : 'dimmed'}>
          {item.hs_code ?? 'None'}
        </Text>
        {canEdit ? (
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={`Edit HS code of ${item.skuNumber}`}
            onClick={() => {
              setCode(item.hs_code ?? '');
              setEditing(true);
            }}
          >
            Edit
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
          notifySuccess(Messages.hsCodeUpdated);
          setEditing(false);
        },
        onError: (error) => notifyError(error),
      },
    );

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <HsCodeSelect label={`HS code of ${item.skuNumber}`} value={code} onChange={setCode} />
      <Button size="xs" onClick={save} loading={update.isPending} disabled={code.trim() === ''}>
        Save
      </Button>
      <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={update.isPending}>
        Cancel
      </Button>
    </Group>
  );
}

interface OrderItemsTableProps {
  items: OrderItem[];
  canEditHsCode: boolean;
}

/** The items of one order: weights in grams and sizes in cm, as they were entered. */
export function OrderItemsTable({ items, canEditHsCode }: OrderItemsTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder striped aria-label="Items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Weight (g)</Table.Th>
            <Table.Th ta="right">W×H×L (cm)</Table.Th>
            <Table.Th>HS code</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed" ta="center" size="sm">
                  {Messages.noData}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            items.map((item) => (
              <Table.Tr key={item.sid}>
                <Table.Td>{item.skuNumber}</Table.Td>
                <Table.Td>{item.itemDescription ?? ''}</Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{NUMBER.format(item.itemWeight)}</Table.Td>
                <Table.Td ta="right">
                  {[item.itemWidth, item.itemHeight, item.itemLength]
                    .map((size) => NUMBER.format(size))
                    .join('×')}
                </Table.Td>
                <Table.Td>
                  <HsCodeCell item={item} canEdit={canEditHsCode} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
