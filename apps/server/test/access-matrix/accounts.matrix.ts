/**
 * The access matrix's rows for account users, their accounts and their API keys; the signed-in person.
 * (matrix.ts says how they are read.)
 */
import { unique } from '../test-app.ts';
import { accountOf, addUser, admin, both, type RouteCase, sellersOwnAccount, t } from './matrix.ts';

export const ACCOUNTS: RouteCase[] = [
  // The signed-in person
  {
    method: 'GET',
    url: '/api/v1/me',
    request: () => ({ path: '/me' }),
    expected: { anonymous: 401, apiKey: 403, pending: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    // Only ever your own password. A wrong old password keeps sessions alive: 400 means the call was let through.
    method: 'PUT',
    url: '/api/v1/users/:id/password',
    request: (w, owner) => ({
      path: `/users/${owner === 'A' ? w.seller.user.sid : w.userOf.B.sid}/password`,
      body: { old_password: 'Wrong#0000', new_password: 'Fresh#5678' },
    }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(403),
      seller: { A: 400, B: 403 },
      admin: both(403),
    },
  },

  // Users
  {
    method: 'GET',
    url: '/api/v1/users',
    request: (w, owner) => ({ path: '/users', query: { account_sid: accountOf(w, owner).sid } }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(403),
      seller: { A: 200, B: 403 },
      admin: both(200),
    },
  },
  {
    method: 'GET',
    url: '/api/v1/users/:id',
    request: (w, owner) => ({ path: `/users/${w.userOf[owner].sid}` }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(404),
      seller: { A: 200, B: 404 },
      admin: both(200),
    },
  },
  {
    method: 'POST',
    url: '/api/v1/users',
    request: (w, owner) => ({
      path: '/users',
      body: {
        username: unique('n'),
        role: 0,
        account_sid: accountOf(w, owner).sid,
        initial_password: 'Start#1234',
      },
    }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(403),
      seller: { A: 201, B: 403 },
      admin: both(201),
    },
  },
  {
    method: 'PUT',
    url: '/api/v1/users/:id',
    request: (w, owner) => ({ path: `/users/${w.userOf[owner].sid}`, body: { username: unique('r') } }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(403),
      seller: { A: 200, B: 404 },
      admin: both(200),
    },
  },
  {
    method: 'DELETE',
    url: '/api/v1/users/:id',
    request: async (w, owner) => ({ path: `/users/${(await addUser(accountOf(w, owner).sid)).sid}` }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(403),
      seller: { A: 200, B: 404 },
      admin: both(200),
    },
  },

  // Accounts
  {
    method: 'GET',
    url: '/api/v1/accounts',
    request: () => ({ path: '/accounts' }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: '/api/v1/accounts/:id',
    request: (w, owner) => ({ path: `/accounts/${accountOf(w, owner).sid}` }),
    expected: sellersOwnAccount(200, 403, 403),
  },
  {
    method: 'POST',
    url: '/api/v1/accounts',
    request: (w) => ({
      path: '/accounts',
      body: { name: unique('New '), email: 'n@example.com', vendor_sid: w.A.vendor_sid },
    }),
    expected: { anonymous: 401, apiKey: 403, operator: 403, seller: 403, admin: 201 },
  },
  {
    method: 'PUT',
    url: '/api/v1/accounts/:id',
    request: (w, owner) => ({
      path: `/accounts/${accountOf(w, owner).sid}`,
      body: { order_status_hook: 'https://seller.example.com/hook' },
    }),
    expected: {
      anonymous: 401,
      apiKey: both(403),
      operator: both(403),
      seller: { A: 200, B: 403 },
      admin: both(200),
    },
  },
  {
    method: 'DELETE',
    url: '/api/v1/accounts/:id',
    request: (w, owner) => ({ path: `/accounts/${accountOf(w, owner).sid}` }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(403), seller: both(403), admin: both(200) },
    freshWorld: true,
  },
  {
    method: 'GET',
    url: '/api/v1/accounts/:id/credit_usages_report',
    request: (w, owner) => ({
      path: `/accounts/${accountOf(w, owner).sid}/credit_usages_report`,
      query: { from_date: '2026-01-01', to_date: '2026-01-31' },
    }),
    expected: sellersOwnAccount(200, 403, 403),
  },

  // API keys
  {
    method: 'GET',
    url: '/api/v1/keys',
    request: (w, owner) => ({ path: '/keys', query: { account_sid: accountOf(w, owner).sid } }),
    expected: {
      anonymous: 401,
      apiKey: both(403),
      operator: both(403),
      seller: { A: 200, B: 403 },
      admin: both(200),
    },
  },
  {
    method: 'POST',
    url: '/api/v1/keys',
    request: (w, owner) => ({ path: '/keys', query: { account_sid: accountOf(w, owner).sid } }),
    expected: {
      anonymous: 401,
      apiKey: both(403),
      operator: both(403),
      seller: { A: 201, B: 403 },
      admin: both(201),
    },
  },
  {
    method: 'DELETE',
    url: '/api/v1/keys/:id',
    request: async (w, owner) => ({
      path: `/keys/${(await t.createApiKey(admin, accountOf(w, owner).sid)).sid}`,
    }),
    expected: {
      anonymous: 401,
      apiKey: both(403),
      operator: both(403),
      seller: { A: 200, B: 404 },
      admin: both(200),
    },
  },
];
