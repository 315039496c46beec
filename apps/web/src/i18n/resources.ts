/**
 * Every text on the screens, by language and namespace (one namespace a feature, so features own their
 * files). English is the product spec's wording exactly; a test keeps the languages' keys identical.
 * English ships with the app; Vietnamese (resources-vi.ts) is loaded when chosen, so the first page a
 * person opens carries one language's texts only.
 * To add a namespace: a JSON file in each language folder, one line in the list below and one in
 * resources-vi.ts.
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

export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

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

/** A language's texts: English at once, any other loaded on first use. */
export async function loadResources(language: Language): Promise<LanguageResources> {
  if (language === 'en') return englishResources;
  return (await import('./resources-vi.ts')).vietnameseResources;
}
