/** The access matrix's rows for batch orders and the order import. (matrix.ts says how they are read.) */

import { multipart } from '../workbooks.ts';
import {
  accountOf,
  batchForm,
  batchToRead,
  oneOrderSheet,
  type RouteCase,
  sellersOwnAccount,
} from './matrix.ts';

export const BATCH_ORDERS: RouteCase[] = [
  {
    method: 'GET',
    url: '/api/v1/orders/import/template',
    request: () => ({ path: '/orders/import/template' }),
    expected: { anonymous: 401, apiKey: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    // Admins and operators import for any account, account users and keys for their own (403 for another).
    method: 'POST',
    url: '/api/v1/orders/import',
    request: async (w, owner) => ({
      path: '/orders/import',
      body: multipart({ account_sid: accountOf(w, owner).sid }, await oneOrderSheet('IMP-')),
    }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  // Batch orders: everyone signed in, each account user and key on their own account's batches.
  {
    method: 'GET',
    url: '/api/v1/batch_orders',
    request: () => ({ path: '/batch_orders' }),
    expected: { anonymous: 401, apiKey: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    method: 'GET',
    url: '/api/v1/batch_orders/template',
    request: () => ({ path: '/batch_orders/template' }),
    expected: { anonymous: 401, apiKey: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    method: 'GET',
    url: '/api/v1/batch_orders/:id',
    request: async (w, owner) => ({ path: `/batch_orders/${await batchToRead(w, owner)}` }),
    expected: sellersOwnAccount(200, 404, 200),
  },
  {
    // An unfinished batch has no sheet of errors: the owner's callers reach it (409), another's is not found.
    method: 'GET',
    url: '/api/v1/batch_orders/:id/errors',
    request: async (w, owner) => ({ path: `/batch_orders/${await batchToRead(w, owner)}/errors` }),
    expected: sellersOwnAccount(409, 404, 409),
  },
  {
    // Labels and the report are a succeeded batch's: the owner's callers reach this one (409), another's is not found.
    method: 'GET',
    url: '/api/v1/labels/:id',
    request: async (w, owner) => ({ path: `/labels/${await batchToRead(w, owner)}` }),
    expected: sellersOwnAccount(409, 404, 409),
  },
  {
    method: 'GET',
    url: '/api/v1/report/:id',
    request: async (w, owner) => ({ path: `/report/${await batchToRead(w, owner)}` }),
    expected: sellersOwnAccount(409, 404, 409),
  },
  {
    method: 'POST',
    url: '/api/v1/batch_orders',
    request: async (w, owner) => ({ path: '/batch_orders', body: await batchForm(accountOf(w, owner).sid) }),
    expected: sellersOwnAccount(201, 403, 201),
  },
  {
    // "Run again" (issue 28): the batch read here stays in progress, so the owner's callers are refused (409).
    method: 'POST',
    url: '/api/v1/batch_orders/:id/run',
    request: async (w, owner) => ({ path: `/batch_orders/${await batchToRead(w, owner)}/run` }),
    expected: sellersOwnAccount(409, 404, 409),
  },
];
