/**
 * The access matrix's rows for the catalog: vendors, price tables, HS codes and item declarations. (matrix.ts
 * says how they are read.)
 */
import { unique } from '../test-app.ts';
import {
  accountOf,
  admin,
  adminOnly,
  both,
  declarationBody,
  declarationForm,
  mulVendor,
  newDeclaration,
  newHsCode,
  newPriceTable,
  priceForm,
  type RouteCase,
  sellersOwnAccount,
  t,
} from './matrix.ts';

export const CATALOG: RouteCase[] = [
  // Vendors: admins only
  {
    method: 'GET',
    url: '/api/v1/vendors',
    request: () => ({ path: '/vendors' }),
    expected: { anonymous: 401, apiKey: 403, operator: 403, seller: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: '/api/v1/vendors/:id',
    request: (w, owner) => ({ path: `/vendors/${accountOf(w, owner).vendor_sid}` }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(403), seller: both(403), admin: both(200) },
  },
  {
    method: 'POST',
    url: '/api/v1/vendors',
    request: () => ({ path: '/vendors', body: mulVendor() }),
    expected: { anonymous: 401, apiKey: 403, operator: 403, seller: 403, admin: 201 },
  },
  {
    method: 'PUT',
    url: '/api/v1/vendors/:id',
    request: (w, owner) => ({ path: `/vendors/${accountOf(w, owner).vendor_sid}`, body: mulVendor() }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(403), seller: both(403), admin: both(200) },
  },
  {
    method: 'DELETE',
    url: '/api/v1/vendors/:id',
    request: async () => ({ path: `/vendors/${(await t.createVendor(admin)).sid}` }),
    expected: { anonymous: 401, apiKey: 403, operator: 403, seller: 403, admin: 200 },
  },

  // Price tables: admins only
  { method: 'GET', url: '/api/v1/pricese', request: () => ({ path: '/pricese' }), expected: adminOnly },
  {
    method: 'GET',
    url: '/api/v1/pricese/template',
    request: () => ({ path: '/pricese/template' }),
    expected: adminOnly,
  },
  {
    method: 'GET',
    url: '/api/v1/pricese/:id',
    request: async () => ({ path: `/pricese/${(await newPriceTable()).sid}` }),
    expected: adminOnly,
  },
  {
    method: 'GET',
    url: '/api/v1/pricese/:id/export',
    request: async () => ({ path: `/pricese/${(await newPriceTable()).sid}/export` }),
    expected: adminOnly,
  },
  {
    method: 'POST',
    url: '/api/v1/pricese',
    request: async () => ({ path: '/pricese', body: await priceForm(unique('Matrix rates ')) }),
    expected: { ...adminOnly, admin: 201 },
  },
  {
    method: 'PUT',
    url: '/api/v1/pricese/:id',
    request: async () => {
      const table = await newPriceTable();
      return { path: `/pricese/${table.sid}`, body: await priceForm(table.name) };
    },
    expected: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/v1/pricese/:id',
    request: async () => ({ path: `/pricese/${(await newPriceTable()).sid}` }),
    expected: adminOnly,
  },

  // HS codes: everyone signed in reads them, admins maintain them
  {
    method: 'GET',
    url: '/api/v1/hs_codes',
    request: () => ({ path: '/hs_codes' }),
    expected: { anonymous: 401, apiKey: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/hs_codes',
    request: () => ({ path: '/hs_codes', body: { hs_code: unique('HS'), description: 'Matrix goods' } }),
    expected: { ...adminOnly, admin: 201 },
  },
  {
    method: 'PUT',
    url: '/api/v1/hs_codes/:id',
    request: async () => ({
      path: `/hs_codes/${(await newHsCode()).sid}`,
      body: { hs_code: unique('HS'), description: 'Matrix goods, changed' },
    }),
    expected: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/v1/hs_codes/:id',
    request: async () => ({ path: `/hs_codes/${(await newHsCode()).sid}` }),
    expected: adminOnly,
  },

  // Item declarations: account users on their own account; operators and admins on any
  {
    method: 'GET',
    url: '/api/v1/item_declarations/all',
    request: (w, owner) => ({
      path: '/item_declarations/all',
      query: { account_sid: accountOf(w, owner).sid },
    }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/item_declarations/template',
    request: () => ({ path: '/item_declarations/template' }),
    expected: { anonymous: 401, apiKey: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/item_declarations',
    request: (w, owner) => ({
      path: '/item_declarations',
      body: { ...declarationBody(), account_sid: accountOf(w, owner).sid },
    }),
    expected: sellersOwnAccount(201, 403, 201),
  },
  {
    method: 'POST',
    url: '/api/v1/item_declarations/batch',
    request: async (w, owner) => ({
      path: '/item_declarations/batch',
      body: await declarationForm(accountOf(w, owner).sid),
    }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'PUT',
    url: '/api/v1/item_declarations/:id',
    request: async (w, owner) => ({
      path: `/item_declarations/${(await newDeclaration(accountOf(w, owner).sid)).sid}`,
      body: declarationBody(),
    }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(403), seller: both(403), admin: both(200) },
  },
  {
    method: 'DELETE',
    url: '/api/v1/item_declarations/:id',
    request: async (w, owner) => ({
      path: `/item_declarations/${(await newDeclaration(accountOf(w, owner).sid)).sid}`,
    }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(403), seller: both(403), admin: both(200) },
  },
];
