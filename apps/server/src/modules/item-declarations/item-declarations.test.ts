import { randomBytes } from 'node:crypto';
import type { HsCode, ItemDeclaration } from '@parcelops/shared';
import { renderText } from '@parcelops/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccountNotFound, expectFieldRefused } from '../../../test/expected-replies.ts';
import { englishBody, expectFieldError, requiredDetail, unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { emptyWorkbook, multipart, notWorkbooks, readXlsx, xlsx } from '../../../test/workbooks.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NO_ACCESS = 'You do not have access.';
/** The spec's field names, as the template has them. */
const FIELD_HEADERS = [
  'skuNumber',
  'name',
  'refName',
  'itemDescription',
  'hs_code',
  'itemWeight',
  'itemWidth',
  'itemHeight',
  'itemLength',
  'can_combine',
];
/** The template's headers: the spec's, then the optional customs columns (issue 20). */
const TEMPLATE_HEADERS = [...FIELD_HEADERS, 'declaredValue', 'originCountry'];

const { t, admin, accountA, accountB, sellerA, operator, keyA: apiKeyA } = await openTestWorld();
/** A code in the HS code table. */
let knownCode: string;
beforeAll(async () => {
  knownCode = (await createHsCode('4202.92')).hs_code;
});

async function createHsCode(hsCode: string): Promise<HsCode> {
  const response = await t.call('POST', '/hs_codes', {
    token: admin,
    body: { hs_code: hsCode, description: unique('Goods ') },
  });
  if (response.statusCode !== 201) throw new Error(`create HS code: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The four fields a declaration cannot go without, in the order the reply names them. */
const REQUIRED_FIELDS = [
  requiredDetail('skuNumber', 'Sku', 'skuTitle'),
  requiredDetail('name', 'Name', 'name'),
  requiredDetail('refName', 'RefName', 'refName'),
  requiredDetail('itemDescription', 'Description', 'description'),
];

/** A valid declaration body with a SKU no other test uses. */
const fields = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  skuNumber: unique('SKU-'),
  name: 'Cotton tee',
  refName: 'Ao thun',
  itemDescription: 'Knitted cotton T-shirt',
  hs_code: knownCode,
  itemWeight: 180,
  itemWidth: 20,
  itemHeight: 2,
  itemLength: 30,
  can_combine: true,
  ...overrides,
});

const create = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/item_declarations', { token, body });

async function declare(
  accountSid: string,
  overrides: Record<string, unknown> = {},
): Promise<ItemDeclaration> {
  const response = await create(admin, { ...fields(overrides), account_sid: accountSid });
  if (response.statusCode !== 201) throw new Error(`declare: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function listOf(accountSid: string, filter?: string): Promise<ItemDeclaration[]> {
  const response = await t.call('GET', '/item_declarations/all', {
    token: admin,
    query: { account_sid: accountSid, ...(filter ? { filter } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

type BatchRow = { row: number; skuNumber: string; result: 'created' | 'updated' };

/** A 200 from the batch upload listing `rows`, with as many created and updated as they say. */
function expectBatchResult(response: LightMyRequestResponse, rows: BatchRow[]) {
  expect(response.statusCode, response.body).toBe(200);
  const count = (result: BatchRow['result']) => rows.filter((row) => row.result === result).length;
  expect(response.json()).toEqual({ created: count('created'), updated: count('updated'), rows });
}

const batch = async (token: string, file: Buffer | unknown[][], accountSid?: string) =>
  t.call('POST', '/item_declarations/batch', {
    token,
    body: multipart(accountSid ? { account_sid: accountSid } : {}, {
      buffer: Buffer.isBuffer(file) ? file : await xlsx(file),
      name: 'declarations.xlsx',
    }),
  });

/** A sheet row in FIELD_HEADERS order. */
const sheetRow = (sku: unknown, overrides: Partial<Record<string, unknown>> = {}) => {
  const values = { ...fields({ skuNumber: sku }), ...overrides };
  return FIELD_HEADERS.map((header) => values[header]);
};

/** 409: the account has a declaration with this SKU already. */
function expectSkuTaken(response: LightMyRequestResponse, sku: string): void {
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({
    msg: `The SKU ${sku} already has a declaration in this account.`,
    code: 'CONFLICT',
    key: 'declarations.skuTaken',
    params: { sku },
  });
}

describe('POST /item_declarations', () => {
  it('lets an account user declare for their own account: trimmed text, decimals parsed, empty as 0', async () => {
    const sku = unique('TEE-');
    const response = await create(sellerA.token, {
      skuNumber: `  ${sku}  `,
      name: 'Tee',
      refName: 'Ao',
      itemDescription: '  Knitted T-shirt  ',
      hs_code: '',
      itemWeight: '12.5',
      itemWidth: '',
      itemHeight: null,
      itemLength: 7,
      can_combine: false,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      sid: expect.any(String),
      account_sid: accountA.sid,
      skuNumber: sku,
      name: 'Tee',
      refName: 'Ao',
      itemDescription: 'Knitted T-shirt',
      hs_code: null,
      itemWeight: 12.5,
      itemWidth: 0,
      itemHeight: 0,
      itemLength: 7,
      can_combine: false,
      declaredValue: null,
      originCountry: 'VN',
      date_created: expect.any(String),
    });
    expect(await listOf(accountA.sid, sku)).toEqual([created]);
  });

  it('takes a left-out number as 0, HS code as null and Combinable as false', async () => {
    const sku = unique('MIN-');
    const response = await create(sellerA.token, {
      skuNumber: sku,
      name: 'Tee',
      refName: 'Ao',
      itemDescription: 'Knitted T-shirt',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      skuNumber: sku,
      hs_code: null,
      itemWeight: 0,
      itemWidth: 0,
      itemHeight: 0,
      itemLength: 0,
      can_combine: false,
    });

    const { hs_code: _left, ...withoutCode } = fields();
    const noCode = await create(sellerA.token, withoutCode);
    expect(noCode.statusCode).toBe(201);
    expect(noCode.json().hs_code).toBeNull();

    const onlyNumbers = await create(sellerA.token, { itemWeight: 1 });
    expect(onlyNumbers.statusCode).toBe(400);
    expect(onlyNumbers.json().details).toEqual(REQUIRED_FIELDS);
  });

  it("takes the user's own account_sid, and refuses another account's (403)", async () => {
    const own = await create(sellerA.token, fields({ account_sid: accountA.sid }));
    expect(own.statusCode).toBe(201);
    expect(own.json().account_sid).toBe(accountA.sid);

    const sku = unique('SKU-');
    for (const token of [sellerA.token, apiKeyA]) {
      const other = await create(token, fields({ skuNumber: sku, account_sid: accountB.sid }));
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ msg: NO_ACCESS, code: 'FORBIDDEN', key: 'access.noAccess' });
    }
    expect(await listOf(accountB.sid, sku)).toEqual([]);
  });

  it('lets an API key declare for its account', async () => {
    const response = await create(apiKeyA, fields());
    expect(response.statusCode).toBe(201);
    expect(response.json().account_sid).toBe(accountA.sid);
  });

  it('makes operators and admins name an existing account', async () => {
    for (const token of [operator.token, admin]) {
      const missing = await create(token, fields());
      expectFieldError(missing, 'account_sid', 'Please choose an account.');
      const unknown = await create(token, fields({ account_sid: 'no-such-account' }));
      expectAccountNotFound(unknown);
    }
    const byOperator = await create(operator.token, fields({ account_sid: accountB.sid }));
    expect(byOperator.statusCode).toBe(201);
    expect(byOperator.json().account_sid).toBe(accountB.sid);
    const byAdmin = await create(admin, fields({ account_sid: accountA.sid }));
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().account_sid).toBe(accountA.sid);
  });

  it('refuses a number field that is not a decimal or is negative (400 naming the field)', async () => {
    const sku = unique('BAD-');
    const cases = [
      { body: { itemWeight: 'abc' }, path: 'itemWeight', message: 'Weight must be a number' },
      { body: { itemWidth: '12,5kg' }, path: 'itemWidth', message: 'Width must be a number' },
      { body: { itemHeight: '-1' }, path: 'itemHeight', message: 'Height must be 0 or more' },
      { body: { itemLength: -0.5 }, path: 'itemLength', message: 'Length must be 0 or more' },
    ];
    for (const { body, path, message } of cases) {
      const response = await create(sellerA.token, fields({ skuNumber: sku, ...body }));
      expectFieldError(response, path, message);
    }
    expect(await listOf(accountA.sid, sku)).toEqual([]);
  });

  it('takes a declared value (number or text) and an origin in any case, upper-cased', async () => {
    const byNumber = await create(sellerA.token, fields({ declaredValue: 12.5, originCountry: ' cn ' }));
    expect(byNumber.statusCode, byNumber.body).toBe(201);
    expect(byNumber.json()).toMatchObject({ declaredValue: 12.5, originCountry: 'CN' });
    const byText = await create(sellerA.token, fields({ declaredValue: ' 0,29 ', originCountry: 'us' }));
    expect(byText.statusCode, byText.body).toBe(201);
    expect(byText.json()).toMatchObject({ declaredValue: 0.29, originCountry: 'US' });
    const blank = await create(sellerA.token, fields({ declaredValue: '', originCountry: '' }));
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json()).toMatchObject({ declaredValue: null, originCountry: 'VN' });
  });

  it('refuses a declared value that is not more than 0 or has cents below, and an unknown origin', async () => {
    const sku = unique('BADC-');
    // [the body's bad field, the path the reply names, its message]
    const cases: [Record<string, unknown>, string, string][] = [
      [{ declaredValue: 0 }, 'declaredValue', 'Declared value must be more than 0'],
      [{ declaredValue: '-3' }, 'declaredValue', 'Declared value must be more than 0'],
      [{ declaredValue: 'ten' }, 'declaredValue', 'Declared value must be a number'],
      [{ declaredValue: 1.234 }, 'declaredValue', 'Declared value may have at most 2 decimals'],
      [{ declaredValue: 1_000_000.01 }, 'declaredValue', 'Declared value must be at most 1000000'],
      [{ originCountry: 'XX' }, 'originCountry', 'Origin country XX is not an ISO 3166 country code'],
      [
        { originCountry: 'VNM' },
        'originCountry',
        'Origin country must be a two-letter ISO 3166 code, such as VN',
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await create(sellerA.token, fields({ skuNumber: sku, ...body }));
      expectFieldError(response, path, message);
    }
    expect(await listOf(accountA.sid, sku)).toEqual([]);
  });

  it('requires Sku, Name, Description and RefName (400 naming each)', async () => {
    const expected = REQUIRED_FIELDS;
    const sku = unique('REQ-');
    const blank = await create(
      sellerA.token,
      fields({ skuNumber: '  ', name: '', refName: ' ', itemDescription: '   ' }),
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      msg: `4 fields are not valid: ${expected.map((detail) => detail.message).join('; ')}`,
      code: 'VALIDATION_FAILED',
      key: 'common.invalidFields',
      params: { count: 4, list: expect.objectContaining({ key: 'requests.list' }) },
      details: expected,
    });
    expect(renderText(blank.json(), 'vi')).toBe(
      '4 trường không hợp lệ: SKU không được để trống; Tên không được để trống; Tên tham chiếu không được để trống; Mô tả không được để trống',
    );
    const nullName = await create(sellerA.token, fields({ skuNumber: sku, name: null }));
    expect(nullName.statusCode).toBe(400);
    expect(nullName.json().details).toEqual([requiredDetail('name', 'Name', 'name')]);
    expect(await listOf(accountA.sid, sku)).toEqual([]);
  });

  it('checks a given HS code against the HS code table, and stores an empty one as null', async () => {
    const sku = unique('HS-');
    const unknown = await create(sellerA.token, fields({ skuNumber: sku, hs_code: '9999.99' }));
    expectFieldError(unknown, 'hs_code', 'The HS code 9999.99 is not in the HS code table.');
    expect(await listOf(accountA.sid, sku)).toEqual([]);

    const known = await create(sellerA.token, fields({ hs_code: `  ${knownCode} ` }));
    expect(known.statusCode).toBe(201);
    expect(known.json().hs_code).toBe(knownCode);
    for (const hsCode of ['', '   ', null]) {
      const empty = await create(sellerA.token, fields({ hs_code: hsCode }));
      expect(empty.statusCode).toBe(201);
      expect(empty.json().hs_code).toBeNull();
    }
  });

  it('keeps a SKU unique within an account (409), while another account may use it', async () => {
    const first = await declare(accountA.sid);
    for (const skuNumber of [first.skuNumber, ` ${first.skuNumber} `]) {
      const again = await create(admin, fields({ skuNumber, account_sid: accountA.sid, name: 'Other' }));
      expectSkuTaken(again, first.skuNumber);
    }
    expect(await listOf(accountA.sid, first.skuNumber)).toEqual([first]);

    const elsewhere = await create(admin, fields({ skuNumber: first.skuNumber, account_sid: accountB.sid }));
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json()).toMatchObject({ skuNumber: first.skuNumber, account_sid: accountB.sid });
  });

  it('refuses anonymous callers with 401', async () => {
    const response = await create('', fields({ account_sid: accountA.sid }));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /item_declarations/all', () => {
  it("gives an account user their own account's declarations only; asking for another is refused", async () => {
    const mine = await declare(accountA.sid);
    const theirs = await declare(accountB.sid);
    for (const token of [sellerA.token, apiKeyA]) {
      const own = await t.call('GET', '/item_declarations/all', { token });
      expect(own.statusCode).toBe(200);
      const sids = (own.json() as ItemDeclaration[]).map((entry) => entry.sid);
      expect(sids).toContain(mine.sid);
      expect(sids).not.toContain(theirs.sid);
      expect((own.json() as ItemDeclaration[]).every((entry) => entry.account_sid === accountA.sid)).toBe(
        true,
      );

      const named = await t.call('GET', '/item_declarations/all', {
        token,
        query: { account_sid: accountA.sid },
      });
      expect(named.json()).toEqual(own.json());

      const other = await t.call('GET', '/item_declarations/all', {
        token,
        query: { account_sid: accountB.sid },
      });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ msg: NO_ACCESS, code: 'FORBIDDEN', key: 'access.noAccess' });
      expect(other.body).not.toContain(theirs.skuNumber);
    }
  });

  it('filters on SKU, name, refName, description and HS code, in any letter case, sorted by SKU', async () => {
    const account = await t.createAccount(admin);
    const token = unique('tok');
    const hsCode = (await createHsCode(`${Date.now() % 10000}.77`)).hs_code;
    const bySku = await declare(account.sid, { skuNumber: `Z-${token}-sku` });
    const byName = await declare(account.sid, { skuNumber: 'B-1', name: `Shirt ${token}-name` });
    const byRef = await declare(account.sid, { skuNumber: 'C-1', refName: `Ao ${token}-ref` });
    const byDescription = await declare(account.sid, {
      skuNumber: 'D-1',
      itemDescription: `Made of ${token}-desc`,
    });
    const byCode = await declare(account.sid, { skuNumber: 'E-1', hs_code: hsCode });
    const plain = await declare(account.sid, { skuNumber: 'A-1' });

    expect(await listOf(account.sid, `${token}-SKU`)).toEqual([bySku]);
    expect(await listOf(account.sid, `${token}-NAME`)).toEqual([byName]);
    expect(await listOf(account.sid, `${token}-Ref`)).toEqual([byRef]);
    expect(await listOf(account.sid, `${token}-desc`)).toEqual([byDescription]);
    expect(await listOf(account.sid, hsCode)).toEqual([byCode]);
    expect(await listOf(account.sid, token.toUpperCase())).toEqual([byName, byRef, byDescription, bySku]);
    expect(await listOf(account.sid)).toEqual([plain, byName, byRef, byDescription, byCode, bySku]);
    expect(await listOf(account.sid, unique('nothing-'))).toEqual([]);
  });

  it('makes operators and admins name an existing account', async () => {
    const declared = await declare(accountB.sid);
    for (const token of [operator.token, admin]) {
      const missing = await t.call('GET', '/item_declarations/all', { token });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toEqual([
        { path: 'account_sid', message: 'Please choose an account.', key: 'accounts.chooseAccount' },
      ]);
      const unknown = await t.call('GET', '/item_declarations/all', {
        token,
        query: { account_sid: 'no-such-account' },
      });
      expectAccountNotFound(unknown);
      const listed = await t.call('GET', '/item_declarations/all', {
        token,
        query: { account_sid: accountB.sid },
      });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toContainEqual(declared);
    }
  });

  it('refuses anonymous callers with 401', async () => {
    const response = await t.call('GET', '/item_declarations/all', { query: { account_sid: accountA.sid } });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /item_declarations/:id', () => {
  it('lets an admin change every field', async () => {
    const declared = await declare(accountA.sid);
    const changes = {
      skuNumber: ` ${unique('NEW-')} `,
      name: 'Linen shirt',
      refName: 'Ao so mi',
      itemDescription: ' Woven linen shirt ',
      hs_code: '',
      itemWeight: '250.75',
      itemWidth: '',
      itemHeight: 3,
      itemLength: '40',
      can_combine: false,
    };
    const response = await t.call('PUT', `/item_declarations/${declared.sid}`, {
      token: admin,
      body: changes,
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toEqual({
      ...declared,
      skuNumber: changes.skuNumber.trim(),
      name: 'Linen shirt',
      refName: 'Ao so mi',
      itemDescription: 'Woven linen shirt',
      hs_code: null,
      itemWeight: 250.75,
      itemWidth: 0,
      itemHeight: 3,
      itemLength: 40,
      can_combine: false,
    });
    expect(await listOf(accountA.sid, updated.skuNumber)).toEqual([updated]);
  });

  it('keeps the declared value and origin when a change leaves them out, and clears them when blank', async () => {
    const declared = await declare(accountA.sid, { declaredValue: 20, originCountry: 'TH' });
    expect(declared).toMatchObject({ declaredValue: 20, originCountry: 'TH' });
    const put = (body: Record<string, unknown>) =>
      t.call('PUT', `/item_declarations/${declared.sid}`, { token: admin, body });
    const { hs_code: _code, ...older } = fields({ skuNumber: declared.skuNumber, name: 'Renamed' });
    const kept = await put(older);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Renamed', declaredValue: 20, originCountry: 'TH' });
    const changed = await put({ ...older, declaredValue: '7.25', originCountry: 'jp' });
    expect(changed.json()).toMatchObject({ declaredValue: 7.25, originCountry: 'JP' });
    const cleared = await put({ ...older, declaredValue: null, originCountry: null });
    expect(cleared.json()).toMatchObject({ declaredValue: null, originCountry: 'VN' });
  });

  it('is refused to operators, account users and API keys (403), changing nothing', async () => {
    const declared = await declare(accountA.sid);
    for (const token of [operator.token, sellerA.token, apiKeyA]) {
      const response = await t.call('PUT', `/item_declarations/${declared.sid}`, {
        token,
        body: fields({ name: 'Hacked' }),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect(await listOf(accountA.sid, declared.skuNumber)).toEqual([declared]);
  });

  it("refuses another declaration's SKU in the same account (409)", async () => {
    const first = await declare(accountA.sid);
    const second = await declare(accountA.sid);
    const response = await t.call('PUT', `/item_declarations/${second.sid}`, {
      token: admin,
      body: fields({ skuNumber: first.skuNumber }),
    });
    expectSkuTaken(response, first.skuNumber);
    expect(await listOf(accountA.sid, second.skuNumber)).toEqual([second]);
  });

  it('checks fields and HS code like creation', async () => {
    const declared = await declare(accountA.sid);
    const unknownCode = await t.call('PUT', `/item_declarations/${declared.sid}`, {
      token: admin,
      body: fields({ hs_code: '0000.00' }),
    });
    expectFieldRefused(unknownCode, {
      path: 'hs_code',
      message: 'The HS code 0000.00 is not in the HS code table.',
      key: 'declarations.unknownHsCode',
      params: { code: '0000.00' },
    });
    const badNumber = await t.call('PUT', `/item_declarations/${declared.sid}`, {
      token: admin,
      body: fields({ itemWeight: 'heavy', name: ' ' }),
    });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().details).toEqual([
      requiredDetail('name', 'Name', 'name'),
      {
        path: 'itemWeight',
        message: 'Weight must be a number',
        key: 'validation.mustBeNumber',
        params: { label: { key: 'field.weight' } },
      },
    ]);
    expect(await listOf(accountA.sid, declared.skuNumber)).toEqual([declared]);
  });

  it('answers an unknown declaration with 404', async () => {
    const response = await t.call('PUT', '/item_declarations/no-such-declaration', {
      token: admin,
      body: fields(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      msg: 'Item declaration not found.',
      code: 'NOT_FOUND',
      key: 'declarations.notFound',
    });
  });
});

describe('DELETE /item_declarations/:id', () => {
  it('lets an admin delete a declaration', async () => {
    const declared = await declare(accountB.sid);
    const response = await t.call('DELETE', `/item_declarations/${declared.sid}`, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sid: declared.sid });
    expect(await listOf(accountB.sid, declared.skuNumber)).toEqual([]);
    const again = await t.call('DELETE', `/item_declarations/${declared.sid}`, { token: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      msg: 'Item declaration not found.',
      code: 'NOT_FOUND',
      key: 'declarations.notFound',
    });
  });

  it('is refused to operators, account users and API keys (403), keeping the declaration', async () => {
    const declared = await declare(accountA.sid);
    for (const token of [operator.token, sellerA.token, apiKeyA]) {
      const response = await t.call('DELETE', `/item_declarations/${declared.sid}`, { token });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect(await listOf(accountA.sid, declared.skuNumber)).toEqual([declared]);
  });
});

describe('a declared HS code removed from the table later', () => {
  it('stays on the declaration', async () => {
    const code = await createHsCode(`${(Date.now() + 7) % 10000}.31`);
    const declared = await declare(accountA.sid, { hs_code: code.hs_code });
    expect((await t.call('DELETE', `/hs_codes/${code.sid}`, { token: admin })).statusCode).toBe(200);
    expect(await listOf(accountA.sid, declared.skuNumber)).toEqual([declared]);
  });
});

describe('GET /item_declarations/template', () => {
  it('is an xlsx with the spec field names and one example row, which uploads as is on a fresh install', async () => {
    const response = await t.call('GET', '/item_declarations/template', { token: sellerA.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="item_declarations_template.xlsx"',
    );
    const rows = await readXlsx(response.rawPayload);
    expect(rows).toEqual([
      TEMPLATE_HEADERS,
      [
        'SKU-TEE-001',
        'Cotton T-shirt',
        'Ao thun cotton',
        "Men's cotton T-shirt",
        '',
        180,
        20,
        2,
        30,
        'true',
        8.5,
        'VN',
      ],
    ]);

    const account = await t.createAccount(admin);
    const uploaded = await batch(admin, response.rawPayload, account.sid);
    expectBatchResult(uploaded, [{ row: 2, skuNumber: 'SKU-TEE-001', result: 'created' }]);
    expect(await listOf(account.sid)).toEqual([
      {
        sid: expect.any(String),
        account_sid: account.sid,
        skuNumber: 'SKU-TEE-001',
        name: 'Cotton T-shirt',
        refName: 'Ao thun cotton',
        itemDescription: "Men's cotton T-shirt",
        hs_code: null,
        itemWeight: 180,
        itemWidth: 20,
        itemHeight: 2,
        itemLength: 30,
        can_combine: true,
        declaredValue: 8.5,
        originCountry: 'VN',
        date_created: expect.any(String),
      },
    ]);
  });
});

describe('POST /item_declarations/batch', () => {
  it('creates declarations from the field-name headers, answering with the sheet row numbers', async () => {
    const account = await t.createAccount(admin);
    const skuA = unique('BA-');
    const skuB = unique('BB-');
    const response = await batch(
      admin,
      [
        FIELD_HEADERS,
        [` ${skuA} `, 'Mug', 'Coc', ' Ceramic mug ', knownCode, '350.5', '', 9, 12, 'yes'],
        [],
        [skuB, 'Cap', 'Mu', 'Baseball cap', '', 80, 18, 10, '', 'no'],
      ],
      account.sid,
    );
    expectBatchResult(response, [
      { row: 2, skuNumber: skuA, result: 'created' },
      { row: 4, skuNumber: skuB, result: 'created' },
    ]);
    const listed = await listOf(account.sid);
    expect(listed.map(({ sid: _sid, date_created: _date, ...rest }) => rest)).toEqual(
      [
        {
          account_sid: account.sid,
          skuNumber: skuA,
          name: 'Mug',
          refName: 'Coc',
          itemDescription: 'Ceramic mug',
          hs_code: knownCode,
          itemWeight: 350.5,
          itemWidth: 0,
          itemHeight: 9,
          itemLength: 12,
          can_combine: true,
          declaredValue: null,
          originCountry: 'VN',
        },
        {
          account_sid: account.sid,
          skuNumber: skuB,
          name: 'Cap',
          refName: 'Mu',
          itemDescription: 'Baseball cap',
          hs_code: null,
          itemWeight: 80,
          itemWidth: 18,
          itemHeight: 10,
          itemLength: 0,
          can_combine: false,
          declaredValue: null,
          originCountry: 'VN',
        },
      ].sort((a, b) => a.skuNumber.localeCompare(b.skuNumber)),
    );
  });

  it('reads the table titles of spec §2 in another order, and updates existing SKUs by SKU', async () => {
    const account = await t.createAccount(admin);
    const existing = await declare(account.sid, { name: 'Old name', itemWeight: 1, can_combine: false });
    const fresh = unique('NEW-');
    const response = await batch(
      admin,
      [
        [
          'Combinable',
          'Length',
          'Sku',
          'Description',
          'name',
          'HS Code',
          'refName',
          'Weight',
          'Height',
          'Width',
        ],
        ['TRUE', 11, existing.skuNumber, 'Updated description', 'New name', knownCode, 'Ref', 999, 4, 5],
        ['0', 1, fresh, 'Fresh item', 'Fresh', '', 'Fr', '2.25', 3, 2],
      ],
      account.sid,
    );
    expectBatchResult(response, [
      { row: 2, skuNumber: existing.skuNumber, result: 'updated' },
      { row: 3, skuNumber: fresh, result: 'created' },
    ]);
    expect(await listOf(account.sid, existing.skuNumber)).toEqual([
      {
        ...existing,
        name: 'New name',
        refName: 'Ref',
        itemDescription: 'Updated description',
        hs_code: knownCode,
        itemWeight: 999,
        itemWidth: 5,
        itemHeight: 4,
        itemLength: 11,
        can_combine: true,
      },
    ]);
    expect(await listOf(account.sid, fresh)).toEqual([
      expect.objectContaining({ skuNumber: fresh, itemWeight: 2.25, hs_code: null, can_combine: false }),
    ]);
  });

  it('reads a sheet without the optional HS Code column', async () => {
    const account = await t.createAccount(admin);
    const sku = unique('NOHS-');
    const response = await batch(
      admin,
      [
        FIELD_HEADERS.filter((header) => header !== 'hs_code'),
        [sku, 'Bag', 'Tui', 'Tote bag', 300, 30, 5, 40, 'yes'],
      ],
      account.sid,
    );
    expectBatchResult(response, [{ row: 2, skuNumber: sku, result: 'created' }]);
    expect(await listOf(account.sid)).toEqual([
      expect.objectContaining({ skuNumber: sku, hs_code: null, itemWeight: 300, can_combine: true }),
    ]);
  });

  it('reads the declared value and origin columns under either header, and keeps them when a file has none', async () => {
    const account = await t.createAccount(admin);
    const [skuA, skuB, skuC] = [unique('CV-'), unique('CV-'), unique('CV-')];
    const first = await batch(
      admin,
      [
        [...FIELD_HEADERS, 'Declared Value', 'Origin Country'],
        [...sheetRow(skuA), 12.5, 'cn'],
        [...sheetRow(skuB), '3,40', ''],
        [...sheetRow(skuC), '', 'TH'],
      ],
      account.sid,
    );
    expectBatchResult(first, [
      { row: 2, skuNumber: skuA, result: 'created' },
      { row: 3, skuNumber: skuB, result: 'created' },
      { row: 4, skuNumber: skuC, result: 'created' },
    ]);
    const customs = async () =>
      (await listOf(account.sid)).map((entry) => [entry.skuNumber, entry.declaredValue, entry.originCountry]);
    expect(await customs()).toEqual([
      [skuA, 12.5, 'CN'],
      [skuB, 3.4, 'VN'],
      [skuC, null, 'TH'],
    ]);

    // An older file without the two columns updates the rest and leaves them as they are.
    const older = await batch(admin, [FIELD_HEADERS, sheetRow(skuA, { name: 'Renamed' })], account.sid);
    expectBatchResult(older, [{ row: 2, skuNumber: skuA, result: 'updated' }]);
    expect(await customs()).toEqual([
      [skuA, 12.5, 'CN'],
      [skuB, 3.4, 'VN'],
      [skuC, null, 'TH'],
    ]);
    expect(await listOf(account.sid, skuA)).toEqual([expect.objectContaining({ name: 'Renamed' })]);

    // Blank cells under the columns clear them: no value, and VN.
    const blanks = await batch(
      admin,
      [
        [...FIELD_HEADERS, 'declaredValue', 'originCountry'],
        [...sheetRow(skuA), '', ''],
      ],
      account.sid,
    );
    expectBatchResult(blanks, [{ row: 2, skuNumber: skuA, result: 'updated' }]);
    expect((await customs())[0]).toEqual([skuA, null, 'VN']);
  });

  it('refuses bad declared values and origins, naming the row and the column by its header', async () => {
    const account = await t.createAccount(admin);
    const response = await batch(
      admin,
      [
        [...FIELD_HEADERS, 'Value (USD)', 'Country of Origin'],
        [...sheetRow(unique('OK-')), 5, 'VN'],
        [...sheetRow(unique('ZERO-')), 0, 'VN'],
        [...sheetRow(unique('XX-')), 5, 'XX'],
        [...sheetRow(unique('TXT-')), 'cheap', 'Vietnam'],
      ],
      account.sid,
    );
    expect(response.statusCode).toBe(400);
    expect(englishBody(response.json()).details).toEqual([
      { path: 'row 3.Value (USD)', message: 'Row 3, column Value (USD): Declared value must be more than 0' },
      {
        path: 'row 4.Country of Origin',
        message: 'Row 4, column Country of Origin: Origin country XX is not an ISO 3166 country code',
      },
      { path: 'row 5.Value (USD)', message: 'Row 5, column Value (USD): Declared value must be a number' },
      {
        path: 'row 5.Country of Origin',
        message:
          'Row 5, column Country of Origin: Origin country must be a two-letter ISO 3166 code, such as VN',
      },
    ]);
    expect(await listOf(account.sid)).toEqual([]);
  });

  it('accepts true/false, yes/no and 1/0 for Combinable', async () => {
    const account = await t.createAccount(admin);
    const values: [unknown, boolean][] = [
      ['true', true],
      ['false', false],
      ['yes', true],
      ['no', false],
      ['Yes', true],
      ['NO', false],
      [1, true],
      [0, false],
      ['1', true],
      ['0', false],
      [true, true],
      [false, false],
    ];
    const skus = values.map(() => unique('CC-'));
    const response = await batch(
      admin,
      [FIELD_HEADERS, ...values.map(([value], index) => sheetRow(skus[index], { can_combine: value }))],
      account.sid,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().created).toBe(values.length);
    const listed = await listOf(account.sid);
    values.forEach(([value, expected], index) => {
      const entry = listed.find((declaration) => declaration.skuNumber === skus[index]);
      expect(entry?.can_combine, String(value)).toBe(expected);
    });
  });

  it('reads a SKU or an HS code typed as a number as its text', async () => {
    await createHsCode('851712');
    const account = await t.createAccount(admin);
    const response = await batch(
      admin,
      [FIELD_HEADERS, [100234, 'Phone', 'Dien thoai', 'Mobile phone', 851712, 150, 7, 1, 15, 'no']],
      account.sid,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toEqual([{ row: 2, skuNumber: '100234', result: 'created' }]);
    expect(await listOf(account.sid)).toEqual([
      expect.objectContaining({ skuNumber: '100234', hs_code: '851712' }),
    ]);
  });

  it('refuses a file with bad rows, naming each row, and writes nothing at all', async () => {
    const account = await t.createAccount(admin);
    const existing = await declare(account.sid, { name: 'Kept' });
    const before = await listOf(account.sid);
    const good = unique('GOOD-');
    const response = await batch(
      admin,
      [
        FIELD_HEADERS,
        sheetRow(good),
        sheetRow(existing.skuNumber, { name: 'Would be updated' }),
        sheetRow(''),
        sheetRow(unique('W-'), { itemWeight: 'abc' }),
        sheetRow(unique('HS-'), { hs_code: '0101.01' }),
        sheetRow(good, { name: 'Again' }),
      ],
      account.sid,
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.msg).toMatch(
      /^4 problems in the file, nothing was saved\. Row 4, column skuNumber: Sku is required/,
    );
    expect(englishBody(body).details).toEqual([
      { path: 'row 4.skuNumber', message: 'Row 4, column skuNumber: Sku is required' },
      { path: 'row 5.itemWeight', message: 'Row 5, column itemWeight: Weight must be a number' },
      {
        path: 'row 6.hs_code',
        message: 'Row 6, column hs_code: The HS code 0101.01 is not in the HS code table.',
      },
      { path: 'row 7.skuNumber', message: `Row 7, column skuNumber: the SKU ${good} is already on row 2` },
    ]);
    expect(await listOf(account.sid)).toEqual(before);
  });

  it("names a bad column by the file's own header", async () => {
    const account = await t.createAccount(admin);
    const response = await batch(
      admin,
      [
        [
          'Sku',
          'name',
          'refName',
          'Description',
          'HS Code',
          'Weight',
          'Width',
          'Height',
          'Length',
          'Combinable',
        ],
        ['', 'Mug', 'Coc', 'Ceramic mug', '0202.02', 'heavy', 1, 1, 1, 'yes'],
      ],
      account.sid,
    );
    expect(response.statusCode).toBe(400);
    expect(englishBody(response.json()).details).toEqual([
      { path: 'row 2.Sku', message: 'Row 2, column Sku: Sku is required' },
      { path: 'row 2.Weight', message: 'Row 2, column Weight: Weight must be a number' },
    ]);
    // The row's own problem is the schema's text, the field's label nested in it.
    expect(response.json().details[0].params.problem).toEqual({
      key: 'validation.required',
      params: { label: { key: 'field.skuTitle' } },
    });
    expect(await listOf(account.sid)).toEqual([]);
  });

  it('names the one bad row in the msg when there is only one', async () => {
    const account = await t.createAccount(admin);
    const response = await batch(
      admin,
      [FIELD_HEADERS, sheetRow(unique('OK-')), sheetRow(unique('NEG-'), { itemLength: -4 })],
      account.sid,
    );
    expectFieldError(response, 'row 3.itemLength', 'Row 3, column itemLength: Length must be 0 or more');
    expect(await listOf(account.sid)).toEqual([]);
  });

  describe('an uploaded file that is not a good declaration sheet', () => {
    const cases: { label: string; file: () => Promise<Buffer>; msg: string }[] = [
      ...notWorkbooks(`${FIELD_HEADERS.join(',')}\nSKU-1,a,b,c,,1,1,1,1,true\n`),
      {
        label: 'an empty workbook',
        file: emptyWorkbook,
        msg: 'The workbook is empty. The first row must hold the column headers of the template.',
      },
      {
        label: 'a header-only sheet',
        file: () => xlsx([FIELD_HEADERS]),
        msg: 'The sheet has headers but no rows.',
      },
      {
        label: 'a sheet without the refName and itemWeight columns',
        file: () =>
          xlsx([
            FIELD_HEADERS.filter((header) => header !== 'refName' && header !== 'itemWeight'),
            ['SKU-1', 'a', 'c', '', 1, 1, 1, 'true'],
          ]),
        msg: 'The sheet has no column refName, itemWeight. The first row must hold the column headers of the template.',
      },
    ];

    it.each(cases)('$label: 400 with a clear msg, writing nothing', async ({ file, msg }) => {
      const before = await listOf(accountA.sid);
      const response = await batch(sellerA.token, await file());
      expect(response.statusCode).toBe(400);
      expect(englishBody(response.json())).toEqual({ msg, code: 'VALIDATION_FAILED' });
      expect(await listOf(accountA.sid)).toEqual(before);
    });

    it('a file over 10 MB: 413', async () => {
      const before = await listOf(accountA.sid);
      const response = await batch(sellerA.token, randomBytes(10.5 * 1024 * 1024));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        msg: 'The request is too large.',
        code: 'PAYLOAD_TOO_LARGE',
        key: 'common.requestTooLarge',
      });
      expect(await listOf(accountA.sid)).toEqual(before);
    });

    it('no file: 400 naming file', async () => {
      const response = await t.call('POST', '/item_declarations/batch', {
        token: sellerA.token,
        body: multipart({ account_sid: accountA.sid }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { path: 'file', message: 'Please choose an Excel file.', key: 'sheets.chooseFile' },
      ]);
    });
  });

  it("lets an account user upload for their own account, and refuses another account's (403)", async () => {
    const sku = unique('OWN-');
    const own = await batch(sellerA.token, [FIELD_HEADERS, sheetRow(sku)]);
    expect(own.statusCode).toBe(200);
    expect(own.json().created).toBe(1);
    expect(await listOf(accountA.sid, sku)).toHaveLength(1);

    const otherSku = unique('OTHER-');
    for (const token of [sellerA.token, apiKeyA]) {
      const other = await batch(token, [FIELD_HEADERS, sheetRow(otherSku)], accountB.sid);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ msg: NO_ACCESS, code: 'FORBIDDEN', key: 'access.noAccess' });
    }
    expect(await listOf(accountB.sid, otherSku)).toEqual([]);
  });

  it('lets an operator upload for a named account, and makes them name an existing one', async () => {
    const sku = unique('OP-');
    const response = await batch(operator.token, [FIELD_HEADERS, sheetRow(sku)], accountB.sid);
    expectBatchResult(response, [{ row: 2, skuNumber: sku, result: 'created' }]);
    expect(await listOf(accountB.sid, sku)).toEqual([expect.objectContaining({ account_sid: accountB.sid })]);

    const missing = await batch(operator.token, [FIELD_HEADERS, sheetRow(unique('OP-'))]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      { path: 'account_sid', message: 'Please choose an account.', key: 'accounts.chooseAccount' },
    ]);
    const unknown = await batch(operator.token, [FIELD_HEADERS, sheetRow(unique('OP-'))], 'no-such-account');
    expectAccountNotFound(unknown);
  });
});
