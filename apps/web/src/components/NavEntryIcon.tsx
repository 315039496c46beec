import {
  IconBuildingStore,
  IconCircleDot,
  IconCurrencyDollar,
  IconFileDescription,
  IconPackage,
  IconPackages,
  IconPlane,
  IconPlaneDeparture,
  IconScan,
  IconTruckDelivery,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';

/** Icons for the navigation entries, keyed by `NavEntry.key` from @parcelops/shared. */
const ICONS: Record<string, TablerIcon> = {
  users: IconUsers,
  accounts: IconBuildingStore,
  ams: IconPlane,
  'ams-order': IconPlaneDeparture,
  orders: IconPackage,
  'batch-orders': IconPackages,
  'scan-order': IconScan,
  vendors: IconTruckDelivery,
  pricese: IconCurrencyDollar,
  'item-declarations': IconFileDescription,
};

interface NavEntryIconProps {
  entryKey: string;
  size?: number;
}

export function NavEntryIcon({ entryKey, size = 18 }: NavEntryIconProps) {
  const Icon = ICONS[entryKey] ?? IconCircleDot;
  return <Icon size={size} stroke={1.6} aria-hidden />;
}
