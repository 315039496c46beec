/**
 * Seeding through the API, so each journey starts from data of its own with unique names and never
 * depends on what another journey left behind.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_ADMIN } from './constants.ts';
import { type SheetCell, writeWorkbook } from './workbooks.ts';

let counter = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export const SELLER_PASSWORD = 'Seller#2026';

/**
 * A tariff code of digits and dots that no other journey uses: four digits, ".10", then a suffix from the
 * clock and a counter (HS codes are unique, and at most 20 characters).
 */
export const uniqueHsCode = () => {
  const now = String(Date.now());
  return `${now.slice(-10, -6)}.10.${now.slice(-6)}${counter++}`;
};

export class Api {
  constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, username: string, password: string) {
    const response = await request.post('/api/v1/login', { data: { username, password } });
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { token: string; force_change: boolean; user_sid: string };
    return { ...body, api: new Api(request, body.token) };
  }

  static async admin(request: APIRequestContext) {
    return (await Api.signIn(request, E2E_ADMIN.username, E2E_ADMIN.password)).api;
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(`/api/v1${path}`, {
      method,
      data,
      headers: { authorization: `Bearer ${this.token}` },
    });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  createVendor(name = unique('E2E Vendor ')) {
    return this.call<{ sid: string; name: string }>('POST', '/vendors', {
      vendor: 'mul',
      name,
      api_key: 'e2e-key',
      api_secret: 'e2e-secret',
    });
  }

  async createAccount(name = unique('E2E Shop ')) {
    const vendor = await this.createVendor();
    return this.call<{ sid: string; name: string }>('POST', '/accounts', {
      name,
      email: `${unique('shop')}@example.com`,
      vendor_sid: vendor.sid,
    });
  }

  /** A user who has already chosen their password (so signs in without the forced change). */
  async createReadyUser(role: 0 | 1 | 2, accountSid: string | null) {
    const username = unique(['seller', 'operator', 'admin'][role] ?? 'user');
    const initial = 'First#2026';
    const user = await this.call<{ sid: string }>('POST', '/users', {
      username,
      role,
      account_sid: accountSid,
      initial_password: initial,
    });
    const first = await Api.signIn(this.request, username, initial);
    await first.api.call('PUT', `/users/${user.sid}/password`, {
      old_password: initial,
      new_password: SELLER_PASSWORD,
    });
    return { sid: user.sid, username, password: SELLER_PASSWORD };
  }

  createHsCode(hs_code = uniqueHsCode(), description = unique('E2E goods ')) {
    return this.call<{ sid: string; hs_code: string; description: string }>('POST', '/hs_codes', {
      hs_code,
      description,
    });
  }

  /** The HS code, created unless it exists already (409): journeys on one server share the code table. */
  async ensureHsCode(hs_code: string, description: string) {
    const response = await this.request.fetch('/api/v1/hs_codes', {
      method: 'POST',
      data: { hs_code, description },
      headers: { authorization: `Bearer ${this.token}` },
    });
    expect([201, 409], `POST /hs_codes: ${await response.text()}`).toContain(response.status());
  }

  /** Uploads a price table (POST /pricese, multipart name + file) from rows under the weight,vnd,usd header. */
  async createPriceTable(rows: readonly (readonly SheetCell[])[], name = unique('E2E Rates ')) {
    const file = await writeWorkbook(unique('rates-'), [['weight', 'vnd', 'usd'], ...rows]);
    const response = await this.request.fetch('/api/v1/pricese', {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}` },
      multipart: {
        name,
        file: {
          name: basename(file),
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: readFileSync(file),
        },
      },
    });
    expect(response.status(), `POST /pricese: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as { sid: string; name: string };
  }

  /** Gives the account a price table and credit to pay for its orders with (PUT /accounts/{sid}). */
  setUpBilling(accountSid: string, priceSid: string, topup = 1_000_000) {
    return this.call('PUT', `/accounts/${accountSid}`, { price_sid: priceSid, use_credit: true, topup });
  }

  /**
   * Sets one status on the orders of these barcodes with a status upload (POST /orders/status, multipart
   * status, reason and a one-column barcode workbook); the counts of its reply headers.
   */
  async uploadStatus(barcodes: readonly string[], status: number, reason?: string) {
    const file = await writeWorkbook(unique('status-'), [['Barcode'], ...barcodes.map((code) => [code])]);
    const response = await this.request.fetch('/api/v1/orders/status', {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}` },
      multipart: {
        status: String(status),
        ...(reason ? { reason } : {}),
        file: {
          name: basename(file),
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: readFileSync(file),
        },
      },
    });
    expect(response.status(), `POST /orders/status: ${await response.text()}`).toBe(200);
    const count = (name: string) => Number(response.headers()[name] ?? Number.NaN);
    return {
      updated: count('x-status-updated'),
      refused: count('x-status-refused'),
      notFound: count('x-status-not-found'),
    };
  }

  /** Scans a parcel at a hub (GET /orders/scan/barcode/{code}): a Generated order is received (Scanned). */
  scan(barcode: string, hub: 'SGN' | 'HAN' = 'SGN') {
    return this.call<{ status: number; scan: { code: string } }>(
      'GET',
      `/orders/scan/barcode/${encodeURIComponent(barcode)}?hub=${hub}`,
    );
  }

  /**
   * Creates a batch order (POST /batch_orders, multipart name, file and, for staff, account_sid) from this
   * workbook; the batch as the reply gives it (in progress: the job places it in the background).
   */
  async createBatch(name: string, file: string, accountSid?: string) {
    const response = await this.request.fetch('/api/v1/batch_orders', {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}` },
      multipart: {
        name,
        ...(accountSid ? { account_sid: accountSid } : {}),
        file: {
          name: basename(file),
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: readFileSync(file),
        },
      },
    });
    expect(response.status(), `POST /batch_orders: ${await response.text()}`).toBe(201);
    return (await response.json()) as { sid: string; name: string; status: string };
  }

  /** Waits (polling GET /batch_orders/{sid}) until the batch's job has finished; its status then. */
  async finishedBatch(sid: string, timeout = 30_000) {
    let status = '';
    await expect
      .poll(
        async () => {
          status = (await this.call<{ status: string }>('GET', `/batch_orders/${sid}`)).status;
          return status;
        },
        { timeout, intervals: [250, 500, 1000] },
      )
      .toMatch(/^(success|failed)$/);
    return status;
  }

  /** Sets (or, with '', clears) the account's order status hook (PUT /accounts/{sid} order_status_hook). */
  setOrderStatusHook(accountSid: string, url: string) {
    return this.call('PUT', `/accounts/${accountSid}`, { order_status_hook: url });
  }

  async creditBalance(accountSid: string) {
    return (await this.call<{ credit_balance: number }>('GET', `/accounts/${accountSid}`)).credit_balance;
  }
}
