import type { Vendor, VendorKind, VendorSummary } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFieldError, requiredDetail, unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { vendors } from './vendors.table.ts';

/** Credentials of each kind, every value unique so it can be searched for in the database. */
function credentialsOf(kind: VendorKind): Record<string, string> {
  const secret = (label: string) => unique(`${label}-`);
  switch (kind) {
    case 'mul':
      return { api_key: secret('mulkey'), api_secret: secret('mulsecret') };
    case 'pgl':
      return {
        customer_id: secret('pglcust'),
        customer_userid: secret('pgluser'),
        product_id: secret('pglprod'),
        trade_type: secret('pgltrade'),
      };
    case 'boxc':
      return {
        username: secret('boxcuser'),
        password: secret('boxcpass'),
        terms: secret('boxcterms'),
        entry_point: secret('boxcentry'),
        exit_point: secret('boxcexit'),
        service: secret('boxcservice'),
      };
    case 'vnpost':
      return { username: secret('vnpuser'), password: secret('vnppass') };
    case 'shipstore':
      return {
        ProfileId: secret('ssprofile'),
        ClientID: secret('ssclient'),
        serviceName: 'DHL Parcel Select',
      };
  }
}

const KINDS: VendorKind[] = ['mul', 'pgl', 'boxc', 'vnpost', 'shipstore'];

const { t, admin, operator, sellerA: seller } = await openTestWorld();

async function storedCredentials(sid: string): Promise<string> {
  const [row] = await t.database.db
    .select({ credentials: vendors.credentials })
    .from(vendors)
    .where(eq(vendors.sid, sid));
  if (!row) throw new Error(`vendor ${sid} is not stored`);
  return row.credentials;
}

describe.each(KINDS)('a %s vendor', (kind) => {
  it('is created, read with its credentials, listed without them, updated and deleted', async () => {
    const name = unique(`${kind} vendor `);
    const credentials = credentialsOf(kind);
    const created = await t.call('POST', '/vendors', {
      token: admin,
      body: { vendor: kind, name, ...credentials },
    });
    expect(created.statusCode).toBe(201);
    const vendor: Vendor = created.json();
    expect(vendor).toEqual({
      sid: expect.any(String),
      vendor: kind,
      name,
      ...credentials,
      date_created: expect.any(String),
      accounts_count: 0,
    });

    const read = await t.call('GET', `/vendors/${vendor.sid}`, { token: admin });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(vendor);

    const list = await t.call('GET', '/vendors', { token: admin });
    expect(list.statusCode).toBe(200);
    const summary = (list.json() as VendorSummary[]).find((entry) => entry.sid === vendor.sid);
    expect(summary).toEqual({
      sid: vendor.sid,
      vendor: kind,
      name,
      date_created: vendor.date_created,
      accounts_count: 0,
    });
    for (const value of Object.values(credentials)) {
      if (value !== 'DHL Parcel Select') expect(list.body).not.toContain(value);
    }

    const newName = unique(`${kind} renamed `);
    const newCredentials = credentialsOf(kind);
    const updated = await t.call('PUT', `/vendors/${vendor.sid}`, {
      token: admin,
      body: { vendor: kind, name: newName, ...newCredentials },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...vendor, name: newName, ...newCredentials });
    expect((await t.call('GET', `/vendors/${vendor.sid}`, { token: admin })).json()).toEqual(updated.json());

    const deleted = await t.call('DELETE', `/vendors/${vendor.sid}`, { token: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ sid: vendor.sid });
    const gone = await t.call('GET', `/vendors/${vendor.sid}`, { token: admin });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ msg: 'Vendor not found.', code: 'NOT_FOUND', key: 'vendors.notFound' });
  });

  it('keeps its credentials encrypted at rest', async () => {
    const credentials = credentialsOf(kind);
    const vendor = await t.createVendor(admin, { vendor: kind, ...credentials });
    const stored = await storedCredentials(vendor.sid);
    expect(stored.startsWith('v1.')).toBe(true);
    for (const [field, value] of Object.entries(credentials)) {
      expect(stored).not.toContain(value);
      expect(stored).not.toContain(field);
    }
  });

  it('requires every credential of its kind (400 naming each missing one)', async () => {
    const credentials = credentialsOf(kind);
    const required = Object.keys(credentials);
    const response = await t.call('POST', '/vendors', {
      token: admin,
      body: { vendor: kind, name: unique('V ') },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual([...required].sort());

    const [first] = required;
    const blank = await t.call('POST', '/vendors', {
      token: admin,
      body: { vendor: kind, name: unique('V '), ...credentials, [first as string]: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.map((d: { path: string }) => d.path)).toEqual([first]);
  });
});

describe('shipstore services', () => {
  it("accepts 'DHL Parcel Select' and 'USPS Ground Advantage' only", async () => {
    for (const serviceName of ['DHL Parcel Select', 'USPS Ground Advantage']) {
      const vendor = await t.createVendor(admin, {
        vendor: 'shipstore',
        ...credentialsOf('shipstore'),
        serviceName,
      });
      expect(vendor).toMatchObject({ vendor: 'shipstore', serviceName });
    }
    for (const serviceName of ['FedEx Ground', 'dhl parcel select', '']) {
      const response = await t.call('POST', '/vendors', {
        token: admin,
        body: { vendor: 'shipstore', name: unique('S '), ...credentialsOf('shipstore'), serviceName },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        {
          path: 'serviceName',
          message: 'Service must be DHL Parcel Select or USPS Ground Advantage',
          key: 'vendors.serviceInvalid',
          params: { first: 'DHL Parcel Select', second: 'USPS Ground Advantage' },
        },
      ]);
    }
  });
});

describe('POST /vendors', () => {
  it('refuses an unknown or missing kind with 400 on vendor', async () => {
    for (const body of [{ vendor: 'fedex', name: unique('V '), api_key: 'k' }, { name: unique('V ') }]) {
      const response = await t.call('POST', '/vendors', { token: admin, body });
      expectFieldError(response, 'vendor', 'Vendor must be one of mul, pgl, boxc, vnpost, shipstore');
    }
  });

  it('requires a name', async () => {
    const response = await t.call('POST', '/vendors', {
      token: admin,
      body: { vendor: 'mul', ...credentialsOf('mul') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([requiredDetail('name', 'Name', 'name')]);
  });

  it('refuses a name already taken, in any letter case, with 409', async () => {
    const vendor = await t.createVendor(admin);
    const again = vendor.name.toUpperCase();
    const response = await t.call('POST', '/vendors', {
      token: admin,
      body: { vendor: 'vnpost', name: again, ...credentialsOf('vnpost') },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      msg: `A vendor named ${again} already exists.`,
      code: 'CONFLICT',
      key: 'vendors.nameTaken',
      params: { name: again },
    });
  });
});

describe('PUT /vendors/{id}', () => {
  it("refuses to change the vendor's kind", async () => {
    const vendor = await t.createVendor(admin);
    const response = await t.call('PUT', `/vendors/${vendor.sid}`, {
      token: admin,
      body: { vendor: 'vnpost', name: vendor.name, ...credentialsOf('vnpost') },
    });
    expectFieldError(response, 'vendor', "A vendor's kind cannot be changed.");
    expect((await t.call('GET', `/vendors/${vendor.sid}`, { token: admin })).json()).toEqual(vendor);
  });

  it("refuses another vendor's name with 409", async () => {
    const first = await t.createVendor(admin);
    const second = await t.createVendor(admin);
    const response = await t.call('PUT', `/vendors/${second.sid}`, {
      token: admin,
      body: { vendor: 'mul', name: first.name, ...credentialsOf('mul') },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
  });

  it('keeps its own name when only the credentials change', async () => {
    const vendor = await t.createVendor(admin);
    const credentials = credentialsOf('mul');
    const response = await t.call('PUT', `/vendors/${vendor.sid}`, {
      token: admin,
      body: { vendor: 'mul', name: vendor.name, ...credentials },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(credentials);
  });

  it('requires the credentials of its kind and answers an unknown vendor with 404', async () => {
    const vendor = await t.createVendor(admin);
    const missing = await t.call('PUT', `/vendors/${vendor.sid}`, {
      token: admin,
      body: { vendor: 'mul', name: vendor.name },
    });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['api_key', 'api_secret']);

    const unknown = await t.call('PUT', '/vendors/no-such-vendor', {
      token: admin,
      body: { vendor: 'mul', name: unique('V '), ...credentialsOf('mul') },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /vendors/{id}', () => {
  it('refuses a vendor used by an account with 409 IN_USE naming it', async () => {
    const vendor = await t.createVendor(admin);
    await t.createAccount(admin, { vendor_sid: vendor.sid });

    const response = await t.call('DELETE', `/vendors/${vendor.sid}`, { token: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      msg: `The vendor ${vendor.name} is used by 1 account and cannot be deleted.`,
      code: 'IN_USE',
      key: 'vendors.inUse',
      params: { name: vendor.name, count: 1 },
    });
    expect((await t.call('GET', `/vendors/${vendor.sid}`, { token: admin })).statusCode).toBe(200);
  });

  it('answers an unknown vendor with 404', async () => {
    const response = await t.call('DELETE', '/vendors/no-such-vendor', { token: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('GET /vendors', () => {
  it('counts the accounts that use each vendor, in the list and in the detail', async () => {
    const vendor = await t.createVendor(admin);
    await t.createAccount(admin, { vendor_sid: vendor.sid });
    await t.createAccount(admin, { vendor_sid: vendor.sid });
    expect((await t.call('GET', `/vendors/${vendor.sid}`, { token: admin })).json().accounts_count).toBe(2);
    const list: VendorSummary[] = (await t.call('GET', '/vendors', { token: admin })).json();
    expect(list.find((entry) => entry.sid === vendor.sid)?.accounts_count).toBe(2);
  });

  it('filters by a part of the name in any letter case', async () => {
    const vendor = await t.createVendor(admin, { name: unique('Pelican Freight ') });
    const response = await t.call('GET', '/vendors', { token: admin, query: { filter: 'pelican FREIGHT' } });
    expect(response.statusCode).toBe(200);
    expect((response.json() as VendorSummary[]).map((entry) => entry.sid)).toEqual([vendor.sid]);
  });
});

describe('non-admins', () => {
  it("are refused every vendor route with 'You do not have permissions to view vendors'", async () => {
    const vendor = await t.createVendor(admin);
    const body = { vendor: 'mul', name: unique('V '), ...credentialsOf('mul') };
    for (const token of [seller.token, operator.token]) {
      for (const [method, path] of [
        ['GET', '/vendors'],
        ['GET', `/vendors/${vendor.sid}`],
        ['POST', '/vendors'],
        ['PUT', `/vendors/${vendor.sid}`],
        ['DELETE', `/vendors/${vendor.sid}`],
      ] as const) {
        const response = await t.call(method, path, {
          token,
          body: method === 'POST' || method === 'PUT' ? body : undefined,
        });
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json()).toEqual({
          msg: 'You do not have permissions to view vendors',
          code: 'FORBIDDEN',
          key: 'access.noPermissionViewVendors',
        });
      }
    }
    expect((await t.call('GET', `/vendors/${vendor.sid}`, { token: admin })).json()).toEqual(vendor);
  });

  it('are refused with API keys too, and anonymous callers with 401', async () => {
    const key = await t.createApiKey(seller.token);
    const vendor = await t.createVendor(admin);
    const viaKey = await t.call('GET', `/vendors/${vendor.sid}`, { token: key.token });
    expect(viaKey.statusCode).toBe(403);
    expect(viaKey.json().code).toBe('FORBIDDEN');
    expect(viaKey.body).not.toContain('api_secret');

    const anonymous = await t.call('GET', '/vendors');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      msg: 'You must log in to view that page',
      code: 'UNAUTHORIZED',
      key: 'access.mustLogIn',
    });
  });
});
