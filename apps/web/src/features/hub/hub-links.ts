/**
 * Where the hub's work lives, for the links to it (the operator's home). Scan Orders keeps its tab in the
 * address, so each tab has its own link.
 */
export const SCAN_TABS = ['scan', 'details', 'status'] as const;
export type ScanTabName = (typeof SCAN_TABS)[number];

export const SCAN_ORDERS_PATH = '/internal/scan_orders';

export function scanOrdersPath(tab: ScanTabName = 'scan'): string {
  return tab === 'scan' ? SCAN_ORDERS_PATH : `${SCAN_ORDERS_PATH}?tab=${tab}`;
}

/**
 * AMS scanning (loading parcels into an air manifest) is the hub's next step, at /internal/create-ams
 * (features/ams-scan). The flag stays so a screen can be withdrawn without leaving dead links on the home.
 */
export const AMS_SCANNING_AVAILABLE = true;
export const AMS_SCANNING_PATH = '/internal/create-ams';
