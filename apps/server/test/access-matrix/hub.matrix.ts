/**
 * The access matrix's rows for the public routes, the account's webhook, hub uploads and scanning, tracking.
 * (matrix.ts says how they are read.)
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../test-app.ts';
import { multipart, xlsx } from '../workbooks.ts';
import { created, everyone, hooked, hookOwners, newOrder, type RouteCase } from './matrix.ts';

export const HUB: RouteCase[] = [
  // Public
  {
    method: 'POST',
    url: '/api/v1/login',
    request: () => ({ path: '/login', body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/v1/settings/public',
    request: () => ({ path: '/settings/public' }),
    expected: everyone(200),
  },
  { method: 'GET', url: '/api/v1/health', request: () => ({ path: '/health' }), expected: everyone(200) },
  {
    method: 'GET',
    url: '/api/v1/openapi.json',
    request: () => ({ path: '/openapi.json' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/docs',
    request: () => ({ path: '/api/docs', absolute: true }),
    expected: everyone(200),
  },

  // The account's webhook: its admins and its own signed-in users; never by API key (the secret is there).
  {
    method: 'GET',
    url: '/api/v1/accounts/:id/hook',
    request: async (w, owner) => ({ path: `/accounts/${await hooked(w, owner)}/hook` }),
    expected: hookOwners(200),
  },
  {
    method: 'POST',
    url: '/api/v1/accounts/:id/hook/rotate',
    request: async (w, owner) => ({ path: `/accounts/${await hooked(w, owner)}/hook/rotate` }),
    expected: hookOwners(200),
  },
  {
    method: 'POST',
    url: '/api/v1/accounts/:id/hook/enable',
    request: async (w, owner) => ({ path: `/accounts/${await hooked(w, owner)}/hook/enable` }),
    expected: hookOwners(200),
  },
  {
    method: 'POST',
    url: '/api/v1/accounts/:id/hook/test',
    request: async (w, owner) => ({ path: `/accounts/${await hooked(w, owner)}/hook/test` }),
    expected: hookOwners(202),
  },
  {
    method: 'GET',
    url: '/api/v1/accounts/:id/hook/deliveries',
    request: async (w, owner) => ({ path: `/accounts/${await hooked(w, owner)}/hook/deliveries` }),
    expected: hookOwners(200),
  },
  {
    method: 'POST',
    url: '/api/v1/accounts/:id/hook/deliveries/:deliveryId/resend',
    request: async (w, owner) => {
      const accountSid = await hooked(w, owner);
      const delivery = await created<{ id: string }>(
        `/accounts/${accountSid}/hook/test`,
        undefined,
        'test event',
        202,
      );
      return { path: `/accounts/${accountSid}/hook/deliveries/${delivery.id}/resend` };
    },
    expected: hookOwners(202),
  },
  // Hub uploads: admins and operators only, any account's barcodes.
  {
    method: 'POST',
    url: '/api/v1/orders/getDetails',
    request: async (w, owner) => ({
      path: '/orders/getDetails',
      body: multipart({}, { buffer: await xlsx([['barcode'], [(await newOrder(w, owner)).barcode]]) }),
    }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  // The barcode uploads' template (issue 21): hub work like the uploads.
  {
    method: 'GET',
    url: '/api/v1/orders/getDetails/template',
    request: () => ({ path: '/orders/getDetails/template' }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: '/api/v1/orders/status/template',
    request: () => ({ path: '/orders/status/template' }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/orders/status',
    request: async (w, owner) => ({
      path: '/orders/status',
      body: multipart(
        { status: '1' },
        { buffer: await xlsx([['barcode'], [(await newOrder(w, owner)).barcode]]) },
      ),
    }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/orders/status/preview',
    request: async (w, owner) => ({
      path: '/orders/status/preview',
      body: multipart(
        { status: '1' },
        { buffer: await xlsx([['barcode'], [(await newOrder(w, owner)).barcode]]) },
      ),
    }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  // Hub work (scanning): admins and operators on every account; account users and API keys refused
  {
    method: 'GET',
    url: '/api/v1/orders/scan/barcode/:code',
    request: async (w) => ({ path: `/orders/scan/barcode/${(await newOrder(w, 'A')).barcode}` }),
    expected: { anonymous: 401, apiKey: 403, seller: 403, operator: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/orders/scan/batch',
    request: async (w) => ({
      path: '/orders/scan/batch',
      body: {
        scans: [
          {
            client_scan_id: randomUUID(),
            barcode: (await newOrder(w, 'A')).barcode,
            scanned_at: new Date().toISOString(),
            hub: 'SGN',
          },
        ],
      },
    }),
    expected: { anonymous: 401, apiKey: 403, seller: 403, operator: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/orders/scan/report',
    request: async (w) => ({
      path: '/orders/scan/report',
      body: { barcodes: [(await newOrder(w, 'A')).barcode] },
    }),
    expected: { anonymous: 401, apiKey: 403, seller: 403, operator: 200, admin: 200 },
  },
  // Tracking: public, only a parcel's events
  {
    method: 'GET',
    url: '/api/v1/tracking',
    request: async (w) => ({ path: '/tracking', query: { filter: (await newOrder(w, 'A')).barcode } }),
    expected: everyone(200),
  },
];
