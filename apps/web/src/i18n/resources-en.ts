/**
 * Every English text: the public pages' (resources-en-public.ts) and the signed-in pages', which arrive in this
 * module's chunk with the first signed-in page (resources.ts). Their shape is the one every other language
 * matches (resources-vi*.ts check themselves against `LanguageResources`), so the types live here, below both.
 */
import enAccounts from './locales/en/accounts.json';
import enAms from './locales/en/ams.json';
import enAmsScan from './locales/en/amsScan.json';
import enBatchOrders from './locales/en/batchOrders.json';
import enCatalogs from './locales/en/catalogs.json';
import enHubUploads from './locales/en/hubUploads.json';
import enKeys from './locales/en/keys.json';
import enOrder from './locales/en/order.json';
import enOrderImport from './locales/en/orderImport.json';
import enOrderReports from './locales/en/orderReports.json';
import enOrders from './locales/en/orders.json';
import enScan from './locales/en/scan.json';
import enUsers from './locales/en/users.json';
import enVendors from './locales/en/vendors.json';
import enWebhooks from './locales/en/webhooks.json';
import { englishPublicResources } from './resources-en-public.ts';

export const englishResources = {
  ...englishPublicResources,
  orders: enOrders,
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
