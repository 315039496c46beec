/** Settings the journeys' server is started with (playwright.config.ts) and the journeys sign in with. */
export const E2E_ADMIN = { username: 'admin', password: 'E2e#Admin2026' };
export const E2E_COMPANY_NAME = 'ParcelOps E2E Courier';
