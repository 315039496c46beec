/**
 * The access matrix's rows for orders: account users and their keys on their own account; staff by role.
 * (matrix.ts says how they are read.)
 */
import { unique } from '../test-app.ts';
import {
  accountOf,
  both,
  newOrder,
  orderable,
  orderBody,
  orderToPrint,
  type RouteCase,
  sellersOwnAccount,
} from './matrix.ts';

export const ORDERS: RouteCase[] = [
  // Labels: account users and their keys print their own account's orders; staff any
  {
    method: 'GET',
    url: '/api/v1/orders/:id/label',
    request: async (w, owner) => ({ path: `/orders/${await orderToPrint(w, owner)}/label` }),
    expected: sellersOwnAccount(200, 404, 200),
  },

  // Orders: account users and their keys on their own account; operators read all; admins everything
  {
    method: 'GET',
    url: '/api/v1/orders',
    request: (w, owner) => ({ path: '/orders', query: { account_sid: accountOf(w, owner).sid } }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/orders/report',
    request: (w, owner) => ({ path: '/orders/report', query: { account_sid: accountOf(w, owner).sid } }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/orders/deliveryTimeReport',
    request: (w, owner) => ({
      path: '/orders/deliveryTimeReport',
      query: { account_sid: accountOf(w, owner).sid },
    }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/orders/statistic',
    request: (w, owner) => ({ path: '/orders/statistic', query: { account_sid: accountOf(w, owner).sid } }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/dashboard',
    request: (w, owner) => ({ path: '/dashboard', query: { account_sid: accountOf(w, owner).sid } }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/orders/:id',
    request: async (w, owner) => ({ path: `/orders/${(await newOrder(w, owner)).sid}` }),
    expected: sellersOwnAccount(200, 404, 200),
  },
  {
    // The order's history is the staff's: sellers and their keys are refused even their own orders.
    method: 'GET',
    url: '/api/v1/orders/:id/history',
    request: async (w, owner) => ({ path: `/orders/${(await newOrder(w, owner)).sid}/history` }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(200), seller: both(403), admin: both(200) },
  },
  {
    method: 'GET',
    url: '/api/v1/orders/:id/credit_entries',
    request: async (w, owner) => ({ path: `/orders/${(await newOrder(w, owner)).sid}/credit_entries` }),
    expected: sellersOwnAccount(200, 404, 200),
  },
  {
    method: 'POST',
    url: '/api/v1/orders/quote',
    request: async (w, owner) => {
      const { account_sid, items } = orderBody(await orderable(accountOf(w, owner).sid));
      return { path: '/orders/quote', body: { account_sid, items } };
    },
    expected: sellersOwnAccount(200, 403, 403),
  },
  {
    method: 'POST',
    url: '/api/v1/orders',
    request: async (w, owner) => ({
      path: '/orders',
      body: orderBody(await orderable(accountOf(w, owner).sid)),
    }),
    expected: sellersOwnAccount(201, 403, 403),
  },
  {
    // A re-weigh: admins and operators (at the hub); the customer's details stay the admins' (orders tests).
    method: 'PUT',
    url: '/api/v1/orders/:id',
    request: async (w, owner) => ({
      path: `/orders/${(await newOrder(w, owner)).sid}`,
      body: { weight: 300 },
    }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(200), seller: both(403), admin: both(200) },
  },
  {
    // Staff correct an item until its manifest is submitted; the HS code alone stays the admins' (orders tests).
    method: 'PUT',
    url: '/api/v1/orders/items/:id',
    request: async (w, owner) => ({
      path: `/orders/items/${(await newOrder(w, owner)).items[0]?.sid}`,
      body: { itemDescription: unique('Matrix mugs ') },
    }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(200), seller: both(403), admin: both(200) },
  },
  {
    method: 'DELETE',
    url: '/api/v1/orders/:id',
    request: async (w, owner) => ({ path: `/orders/${(await newOrder(w, owner)).sid}` }),
    expected: sellersOwnAccount(200, 404, 403),
  },
  // Bulk actions name orders by sid: another account's are left out, and with none left, not found.
  {
    method: 'POST',
    url: '/api/v1/orders/labels',
    request: async (w, owner) => ({ path: '/orders/labels', body: { sids: [await orderToPrint(w, owner)] } }),
    expected: sellersOwnAccount(200, 404, 200),
  },
  {
    method: 'POST',
    url: '/api/v1/orders/export',
    request: async (w, owner) => ({ path: '/orders/export', body: { sids: [await orderToPrint(w, owner)] } }),
    expected: sellersOwnAccount(200, 404, 200),
  },
  {
    method: 'POST',
    url: '/api/v1/orders/delete',
    request: async (w, owner) => ({
      path: '/orders/delete',
      body: { sids: [(await newOrder(w, owner)).sid] },
    }),
    expected: sellersOwnAccount(200, 404, 403),
  },
];
