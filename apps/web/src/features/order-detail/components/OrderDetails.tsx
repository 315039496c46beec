import type { Order } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { KeyValueView } from '../../../components/KeyValueView.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useOrderStatusLabel } from '../../orders/index.ts';

/** Every field of an order but its items, in the order the wire sends them. */
type DetailField = Exclude<keyof Order, 'items'>;

const AMS_DETAILS = ['airportCode', 'hawb', 'carrier', 'serviceType'] as const;

/** The filled parts of an address, on one line; null when none is filled. */
function addressLine(address: Order['sellerInformation']): string | null {
  if (!address) return null;
  const { name, address1, address2, city, state, postalCode, country } = address;
  const parts = [name, address1, address2, city, state, postalCode, country].filter((part) => part?.trim());
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * Spec §2 Generic elements: the key/value view lists every field of the order, each under a readable label in
 * the chosen language (issue 21 item 7): the status shows its label and number, weights in kg, sizes in cm,
 * prices as money, the date in the one format, the seller's address and the manifest details as lines of
 * words; an empty field reads as a dash.
 */
export function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const statusLabel = useOrderStatusLabel();
  const { items: _items, ...fields } = order;
  const amsDetails = AMS_DETAILS.flatMap((key) => {
    const value = order.ams_details?.[key]?.trim();
    return value ? [`${t(`view.${key}`)}: ${value}`] : [];
  });
  const shown: Record<DetailField, unknown> = {
    ...fields,
    status: `${statusLabel(order.status)} (${order.status})`,
    weight: format.kilograms(order.weight),
    width: format.centimetres(order.width),
    length: format.centimetres(order.length),
    height: format.centimetres(order.height),
    vnd: format.money(order.vnd, 'VND'),
    usd: format.money(order.usd, 'USD'),
    date_created: format.dateTime(order.date_created),
    sellerInformation: addressLine(order.sellerInformation),
    ams_details: amsDetails.length > 0 ? amsDetails.join(' · ') : null,
  };
  const labelled = Object.fromEntries(
    (Object.entries(shown) as [DetailField, unknown][]).map(([key, value]) => [t(`fields.${key}`), value]),
  );
  return <KeyValueView data={labelled} />;
}
