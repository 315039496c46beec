import type { Order } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { KeyValueView } from '../../../components/KeyValueView.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useOrderStatusLabel } from '../../orders/index.ts';

/** Every field of an order but its items, in the order the wire sends them. */
type DetailField = Exclude<keyof Order, 'items'>;

/**
 * Spec §2 Generic elements: the key/value view lists every field of the order ("null" for empty ones), each
 * under a readable label; the status shows its label and number, weights in kg, the date in the one format.
 */
export function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const statusLabel = useOrderStatusLabel();
  const { items: _items, ...fields } = order;
  const shown: Record<DetailField, unknown> = {
    ...fields,
    status: `${statusLabel(order.status)} (${order.status})`,
    weight: format.kilograms(order.weight),
    width: format.centimetres(order.width),
    length: format.centimetres(order.length),
    height: format.centimetres(order.height),
    date_created: format.dateTime(order.date_created),
  };
  const labelled = Object.fromEntries(
    (Object.entries(shown) as [DetailField, unknown][]).map(([key, value]) => [t(`fields.${key}`), value]),
  );
  return <KeyValueView data={labelled} />;
}
