import { Table, Text } from '@mantine/core';
import type { OrderItem } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.tsx';
import { RowActionButton } from '../../../components/RowActionButton.tsx';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { useFormat } from '../../../i18n/format.ts';

interface OrderItemsTableProps {
  items: OrderItem[];
  /** Staff, while the manifest is not submitted: each row's Edit opens the item's correction dialog. */
  onEditItem?: (item: OrderItem) => void;
}

/**
 * The items of one order: weights in grams and sizes in cm, as they were entered; values in USD a piece. Staff
 * correct an item through its row's Edit (issue 28) while its manifest is not submitted.
 */
export function OrderItemsTable({ items, onEditItem }: OrderItemsTableProps) {
  const { t } = useTranslation('order');
  const { t: common } = useTranslation();
  const format = useFormat();
  const number = (value: number) => format.number(value, value % 1 === 0 ? 0 : 2);
  return (
    <ScrollRegion label={t('itemsTable.label')} minWidth={800}>
      <Table withTableBorder striped aria-label={t('itemsTable.label')}>
        <ColumnHeads
          columns={[
            { key: 'sku', label: t('itemsTable.sku') },
            { key: 'description', label: t('itemsTable.description') },
            { key: 'quantity', label: t('itemsTable.quantity'), numeric: true },
            { key: 'weight', label: t('itemsTable.weight'), numeric: true },
            { key: 'sizes', label: t('itemsTable.sizes'), numeric: true },
            { key: 'hsCode', label: t('itemsTable.hsCode') },
            { key: 'declaredValue', label: t('itemsTable.declaredValue'), numeric: true },
            { key: 'originCountry', label: t('itemsTable.originCountry') },
            ...(onEditItem ? [{ key: 'actions', label: t('itemsTable.actions') }] : []),
          ]}
        />
        <Table.Tbody>
          {items.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={onEditItem ? 9 : 8}>
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
                  {item.hs_code ?? (
                    <Text size="sm" c="gray.7" span>
                      {t('itemsTable.none')}
                    </Text>
                  )}
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
                {onEditItem ? (
                  <Table.Td>
                    <RowActionButton
                      label={t('itemsTable.editItem', { sku: item.skuNumber })}
                      onClick={() => onEditItem(item)}
                    >
                      {t('itemsTable.edit')}
                    </RowActionButton>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
