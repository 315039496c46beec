/** Every table, for Drizzle's typed client and for drizzle-kit's migration generator. */
export * from '../modules/accounts/accounts.table.ts';
export * from '../modules/accounts/credit-ledger.table.ts';
export * from '../modules/ams/ams.table.ts';
export * from '../modules/ams/ams-batch-progress.table.ts';
export * from '../modules/api-keys/api-keys.table.ts';
export * from '../modules/auth/login-attempts.table.ts';
export * from '../modules/batch-orders/batch-orders.table.ts';
export * from '../modules/hs-codes/hs-codes.table.ts';
export * from '../modules/item-declarations/item-declarations.table.ts';
export * from '../modules/orders/orders.table.ts';
export * from '../modules/price-tables/price-tables.table.ts';
export * from '../modules/rates/rate-windows.table.ts';
export * from '../modules/station-scans/station-scans.table.ts';
export * from '../modules/users/users.table.ts';
export * from '../modules/vendors/vendors.table.ts';
export * from '../modules/webhooks/webhooks.table.ts';
