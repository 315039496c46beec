/**
 * The access matrix's rows for air manifests: the AMS screens are the admins'; the scanning page's calls the
 * hub's. (matrix.ts says how they are read.)
 */
import { randomUUID } from 'node:crypto';
import { multipart, xlsx } from '../workbooks.ts';
import {
  adminOnly,
  amsBody,
  hubOnly,
  loadedAms,
  newAms,
  newOrder,
  type RouteCase,
  scanIntoBody,
  sharedAms,
} from './matrix.ts';

export const AMS: RouteCase[] = [
  // Air manifests: the AMS screens are the admins'; the scanning page's calls the hub's (spec §6).
  {
    method: 'GET',
    url: '/api/v1/ams',
    request: () => ({ path: '/ams' }),
    expected: hubOnly(200),
  },
  {
    method: 'GET',
    url: '/api/v1/ams/:id',
    request: async () => ({ path: `/ams/${(await sharedAms()).sid}` }),
    expected: hubOnly(200),
  },
  {
    method: 'POST',
    url: '/api/v1/ams',
    request: () => ({ path: '/ams', body: amsBody() }),
    expected: { ...adminOnly, admin: 201 },
  },
  {
    method: 'PUT',
    url: '/api/v1/ams/:id',
    request: async () => ({ path: `/ams/${(await sharedAms()).sid}`, body: { serviceType: 'First Class' } }),
    expected: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/v1/ams/:id',
    request: async () => ({ path: `/ams/${(await newAms()).sid}` }),
    expected: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/v1/ams/:id/update-carton-label',
    request: async (w, owner) => {
      const { manifest } = await loadedAms(w, owner);
      return {
        path: `/ams/${manifest.sid}/update-carton-label`,
        body: { old_ams_carton_label: 'C1', new_ams_carton_label: 'C2' },
      };
    },
    expected: adminOnly,
  },
  {
    method: 'POST',
    url: '/api/v1/ams/order',
    request: async (w, owner) => ({
      path: '/ams/order',
      body: scanIntoBody(await sharedAms(), (await newOrder(w, owner)).barcode),
    }),
    expected: hubOnly(200),
  },
  {
    method: 'POST',
    url: '/api/v1/ams/order/batch',
    request: async (w, owner) => ({
      path: '/ams/order/batch',
      body: {
        scans: [
          {
            ...scanIntoBody(await sharedAms(), (await newOrder(w, owner)).barcode),
            client_scan_id: randomUUID(),
            scanned_at: new Date().toISOString(),
          },
        ],
      },
    }),
    expected: hubOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/v1/ams/order/:id',
    request: async (w, owner) => ({
      path: `/ams/order/${(await loadedAms(w, owner)).orderSid}`,
      body: { weight: 400 },
    }),
    expected: hubOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/v1/ams/order/:id',
    request: async (w, owner) => ({ path: `/ams/order/${(await loadedAms(w, owner)).orderSid}` }),
    expected: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/v1/ams/orders',
    request: async (w, owner) => ({
      path: '/ams/orders',
      query: { ams_sid: (await loadedAms(w, owner)).manifest.sid, ams_carton_label: 'C1' },
    }),
    expected: adminOnly,
  },
  {
    method: 'GET',
    url: '/api/v1/ams/:id/waiting',
    request: async () => ({ path: `/ams/${(await sharedAms()).sid}/waiting` }),
    expected: hubOnly(200),
  },
  {
    method: 'GET',
    url: '/api/v1/ams/:id/reconciliation',
    request: async () => ({ path: `/ams/${(await sharedAms()).sid}/reconciliation` }),
    expected: adminOnly,
  },
  {
    // An AMS without parcels is not filed (409) for the admin; everyone else is refused first.
    method: 'POST',
    url: '/api/v1/ams/submitAms',
    request: async () => ({ path: '/ams/submitAms', body: { ams_sid: (await newAms()).sid } }),
    expected: { ...adminOnly, admin: 409 },
  },
  {
    // Before a filing there is no manifest file: the admin reaches it (404), everyone else is refused first.
    method: 'GET',
    url: '/api/v1/ams/:id/manifest',
    request: async () => ({ path: `/ams/${(await sharedAms()).sid}/manifest` }),
    expected: { ...adminOnly, admin: 404 },
  },
  {
    method: 'POST',
    url: '/api/v1/ams/batch',
    request: async (w, owner) => ({
      path: '/ams/batch',
      body: await multipart(
        { ams_sid: (await sharedAms()).sid },
        {
          buffer: await xlsx([
            ['barcode', 'ams_carton_label'],
            [(await newOrder(w, owner)).barcode, 'C1'],
          ]),
        },
      ),
    }),
    expected: adminOnly,
  },
  {
    // No upload runs under a fresh id: the admin reaches the route (404), everyone else is refused first.
    method: 'GET',
    url: '/api/v1/ams/batch/progress/:progress_id',
    request: () => ({ path: `/ams/batch/progress/${crypto.randomUUID()}` }),
    expected: { ...adminOnly, admin: 404 },
  },
  {
    method: 'GET',
    url: '/api/v1/orders/amsreport',
    request: async () => ({ path: '/orders/amsreport', query: { ams_sid: (await sharedAms()).sid } }),
    expected: adminOnly,
  },
  {
    method: 'GET',
    url: '/api/v1/orders/statisticForAms',
    request: async () => ({ path: '/orders/statisticForAms', query: { ams_sid: (await sharedAms()).sid } }),
    expected: hubOnly(200),
  },
];
