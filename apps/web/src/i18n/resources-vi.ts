/**
 * Every Vietnamese text, loaded only when a person chooses Tiếng Việt and a signed-in page opens (see
 * resources.ts); the public pages' alone are resources-vi-public.ts.
 */
import viAccounts from './locales/vi/accounts.json';
import viAms from './locales/vi/ams.json';
import viAmsScan from './locales/vi/amsScan.json';
import viBatchOrders from './locales/vi/batchOrders.json';
import viCatalogs from './locales/vi/catalogs.json';
import viHubUploads from './locales/vi/hubUploads.json';
import viKeys from './locales/vi/keys.json';
import viOrder from './locales/vi/order.json';
import viOrderImport from './locales/vi/orderImport.json';
import viOrderReports from './locales/vi/orderReports.json';
import viOrders from './locales/vi/orders.json';
import viScan from './locales/vi/scan.json';
import viUsers from './locales/vi/users.json';
import viVendors from './locales/vi/vendors.json';
import viWebhooks from './locales/vi/webhooks.json';
import type { LanguageResources } from './resources-en.ts';
import { vietnamesePublicResources } from './resources-vi-public.ts';

export const vietnameseResources = {
  ...vietnamesePublicResources,
  orders: viOrders,
  order: viOrder,
  orderImport: viOrderImport,
  orderReports: viOrderReports,
  accounts: viAccounts,
  users: viUsers,
  vendors: viVendors,
  keys: viKeys,
  catalogs: viCatalogs,
  hubUploads: viHubUploads,
  scan: viScan,
  batchOrders: viBatchOrders,
  webhooks: viWebhooks,
  ams: viAms,
  amsScan: viAmsScan,
} satisfies LanguageResources;
