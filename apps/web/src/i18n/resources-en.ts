/**
 * The English texts, which ship with the app (resources.ts). Their shape is the one every other language
 * matches (resources-vi.ts checks itself against `LanguageResources`), so the types live here, below both.
 */
import enAccounts from './locales/en/accounts.json';
import enAms from './locales/en/ams.json';
import enAmsScan from './locales/en/amsScan.json';
import enAuth from './locales/en/auth.json';
import enBatchOrders from './locales/en/batchOrders.json';
import enCatalogs from './locales/en/catalogs.json';
import enCommon from './locales/en/common.json';
import enDashboard from './locales/en/dashboard.json';
import enHubUploads from './locales/en/hubUploads.json';
import enKeys from './locales/en/keys.json';
import enOrder from './locales/en/order.json';
import enOrderImport from './locales/en/orderImport.json';
import enOrderReports from './locales/en/orderReports.json';
import enOrders from './locales/en/orders.json';
import enScan from './locales/en/scan.json';
import enTracking from './locales/en/tracking.json';
import enUsers from './locales/en/users.json';
import enVendors from './locales/en/vendors.json';
import enWebhooks from './locales/en/webhooks.json';

export const englishResources = {
  common: enCommon,
  dashboard: enDashboard,
  orders: enOrders,
  auth: enAuth,
  tracking: enTracking,
  order: enOrder,
  orderImport: enOrderImport,
  orderReports: enOrderReports,
  accounts: enAccounts,
  users: enUsers,
  vendors: enVendors,
  keys: enKeys,
  catalogs: enCatalogs,
  hubUploads: enHubUploads,
  scan: enScan,
  batchOrders: enBatchOrders,
  webhooks: enWebhooks,
  ams: enAms,
  amsScan: enAmsScan,
} as const;

export type Namespace = keyof typeof englishResources;
export type LanguageResources = { [N in Namespace]: unknown };
