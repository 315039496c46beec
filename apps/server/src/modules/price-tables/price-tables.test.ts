import { randomBytes } from 'node:crypto';
import type { PriceRow, PriceTable, PriceTableSummary } from '@parcelops/shared';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { englishBody, expectFieldError, requiredDetail, unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { emptyWorkbook, multipart, notWorkbooks, readXlsx, xlsx } from '../../../test/workbooks.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NO_PERMISSION = 'You do not have permissions to view pricese ';
const HEADER = ['weight', 'vnd', 'usd'];

const { t, admin, operator, sellerA: seller, keyA: apiKey } = await openTestWorld();

const post = (fields: Record<string, string>, file?: { buffer: Buffer; name?: string }, token = admin) =>
  t.call('POST', '/pricese', { token, body: multipart(fields, file) });
const put = (sid: string, fields: Record<string, string>, file?: { buffer: Buffer; name?: string }) =>
  t.call('PUT', `/pricese/${sid}`, { token: admin, body: multipart(fields, file) });

async function createTable(rows: unknown[][], name = unique('Rates ')): Promise<PriceTable> {
  const response = await post({ name }, { buffer: await xlsx([HEADER, ...rows]) });
  if (response.statusCode !== 201)
    throw new Error(`create price table: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function listAll(filter?: string): Promise<PriceTableSummary[]> {
  const response = await t.call('GET', '/pricese', { token: admin, query: filter ? { filter } : undefined });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function rowsOf(sid: string): Promise<PriceRow[]> {
  const response = await t.call('GET', `/pricese/${sid}`, { token: admin });
  expect(response.statusCode).toBe(200);
  return response.json().rows;
}

/** A zip whose entries claim far more than the limit once inflated; it compresses to a few hundred KB. */
async function zipBomb(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  );
  zip.file('xl/workbook.xml', '<?xml version="1.0"?><workbook/>');
  zip.file('xl/sharedStrings.xml', Buffer.alloc(210 * 1024 * 1024, 'a'));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** 404 for a price table sid that names no table. */
function expectNoSuchTable(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({
    msg: 'Price table not found.',
    code: 'NOT_FOUND',
    key: 'pricing.notFound',
  });
}

describe('POST /pricese', () => {
  it('creates a table from an xlsx, sorting its rows by weight', async () => {
    const name = unique('Express ');
    const response = await post(
      { name },
      {
        buffer: await xlsx([HEADER, [2000, 420000, 17.5], [500, 180000, 7.5], [1000, 260000, 10.25]]),
        name: 'rates.xlsx',
      },
    );
    expect(response.statusCode).toBe(201);
    const table: PriceTable = response.json();
    const rows = [
      { weight: 500, vnd: 180000, usd: 7.5 },
      { weight: 1000, vnd: 260000, usd: 10.25 },
      { weight: 2000, vnd: 420000, usd: 17.5 },
    ];
    expect(table).toEqual({
      sid: expect.any(String),
      name,
      rows,
      pricese: expect.any(String),
      rows_count: 3,
      accounts_count: 0,
      date_created: expect.any(String),
    });
    expect(JSON.parse(table.pricese)).toEqual(rows);
    expect((await t.call('GET', `/pricese/${table.sid}`, { token: admin })).json()).toEqual(table);
  });

  it('finds the headers in any letter case and order, and accepts "Weight (gram)"', async () => {
    const shuffled = await post(
      { name: unique('Shuffled ') },
      {
        buffer: await xlsx([
          ['USD', 'Weight', 'VND'],
          [9, 750, 210000],
          [4.5, 250, 95000],
        ]),
      },
    );
    expect(shuffled.statusCode).toBe(201);
    expect(shuffled.json().rows).toEqual([
      { weight: 250, vnd: 95000, usd: 4.5 },
      { weight: 750, vnd: 210000, usd: 9 },
    ]);

    const alias = await post(
      { name: unique('Alias ') },
      {
        buffer: await xlsx([
          ['Weight (gram)', 'VND', 'USD'],
          [300, 120000, 5],
        ]),
      },
    );
    expect(alias.statusCode).toBe(201);
    expect(alias.json().rows).toEqual([{ weight: 300, vnd: 120000, usd: 5 }]);
  });

  it('trims the name and requires it (400 naming name), storing nothing', async () => {
    const trimmed = await post({ name: '  Padded rates  ' }, { buffer: await xlsx([HEADER, [100, 1, 1]]) });
    expect(trimmed.statusCode).toBe(201);
    expect(trimmed.json().name).toBe('Padded rates');

    const before = (await listAll()).length;
    const forms: Record<string, string>[] = [{}, { name: '   ' }];
    for (const fields of forms) {
      const response = await post(fields, { buffer: await xlsx([HEADER, [100, 1, 1]]) });
      expectFieldError(response, 'name', 'Name is required');
    }
    expect((await listAll()).length).toBe(before);
  });

  it('requires the file (400 naming file)', async () => {
    const name = unique('No file ');
    for (const file of [undefined, { buffer: Buffer.alloc(0) }]) {
      const response = await post({ name }, file);
      expectFieldError(response, 'file', 'Please choose an Excel file.');
    }
    expect(await listAll(name)).toEqual([]);
  });

  it('refuses a name that exists in any letter case (409)', async () => {
    const table = await createTable([[100, 1000, 1]]);
    const before = (await listAll()).length;
    const shouted = table.name.toUpperCase();
    const response = await post({ name: shouted }, { buffer: await xlsx([HEADER, [200, 2000, 2]]) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      msg: `A price table named ${shouted} already exists.`,
      code: 'CONFLICT',
      key: 'pricing.nameTaken',
      params: { name: shouted },
    });
    expect((await listAll()).length).toBe(before);
    expect(await rowsOf(table.sid)).toEqual([{ weight: 100, vnd: 1000, usd: 1 }]);
  });

  it('is refused to operators, account users and API keys with the spec message', async () => {
    for (const token of [operator.token, seller.token, apiKey]) {
      const response = await post(
        { name: unique('Sneaky ') },
        { buffer: await xlsx([HEADER, [1, 1, 1]]) },
        token,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        msg: NO_PERMISSION,
        code: 'FORBIDDEN',
        key: 'access.noPermissionViewPricese',
      });
    }
    const anonymous = await t.call('GET', '/pricese');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('an uploaded file that is not a good price sheet', () => {
  const cases: { label: string; file: () => Promise<Buffer>; msg: string; details?: unknown }[] = [
    ...notWorkbooks('weight,vnd,usd\n500,180000,7.5\n'),
    {
      label: 'an empty workbook',
      file: emptyWorkbook,
      msg: 'The workbook is empty. The first row must hold the column headers of the template.',
    },
    {
      label: 'a header-only sheet',
      file: () => xlsx([HEADER]),
      msg: 'The sheet has headers but no rows.',
    },
    {
      label: 'a sheet whose usd column is renamed price',
      file: () =>
        xlsx([
          ['weight', 'vnd', 'price'],
          [500, 180000, 7.5],
        ]),
      msg: 'The sheet has no column usd. The first row must hold the column headers of the template.',
    },
    {
      label: 'text in the vnd column',
      file: () => xlsx([HEADER, [500, 180000, 7.5], [1000, 'abc', 10]]),
      msg: 'Row 3, column vnd: must be a number, 0 or more',
      details: [{ path: 'row 3.vnd', message: 'Row 3, column vnd: must be a number, 0 or more' }],
    },
    {
      label: 'a negative price',
      file: () => xlsx([HEADER, [500, 180000, -7.5]]),
      msg: 'Row 2, column usd: must be a number, 0 or more',
      details: [{ path: 'row 2.usd', message: 'Row 2, column usd: must be a number, 0 or more' }],
    },
    {
      label: 'a weight of 0',
      file: () => xlsx([HEADER, [0, 180000, 7.5]]),
      msg: 'Row 2, column weight: must be a whole number of grams above 0',
      details: [
        { path: 'row 2.weight', message: 'Row 2, column weight: must be a whole number of grams above 0' },
      ],
    },
    {
      label: 'a decimal weight',
      file: () => xlsx([HEADER, [500, 180000, 7.5], [12.5, 9000, 1]]),
      msg: 'Row 3, column weight: must be a whole number of grams above 0',
      details: [
        { path: 'row 3.weight', message: 'Row 3, column weight: must be a whole number of grams above 0' },
      ],
    },
    {
      label: 'the same weight on two rows',
      file: () => xlsx([HEADER, [500, 180000, 7.5], [1000, 260000, 10], [500, 190000, 8]]),
      msg: 'Row 4, column weight: the weight 500 is already on row 2',
      details: [
        { path: 'row 4.weight', message: 'Row 4, column weight: the weight 500 is already on row 2' },
      ],
    },
  ];

  it.each(cases)('$label: 400 with a clear msg, and nothing is created', async ({ file, msg, details }) => {
    const before = await listAll();
    const name = unique('Bad file ');
    const response = await post({ name }, { buffer: await file(), name: 'prices.xlsx' });
    expect(response.statusCode).toBe(400);
    expect(englishBody(response.json())).toEqual({
      msg,
      code: 'VALIDATION_FAILED',
      ...(details ? { details } : {}),
    });
    expect(await listAll()).toEqual(before);
  });

  it.each(cases)('$label: 400 on PUT too, and the rows stay as they were', async ({ file, msg }) => {
    const table = await createTable([[100, 5000, 0.5]]);
    const response = await put(table.sid, { name: table.name }, { buffer: await file() });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
    expect(await rowsOf(table.sid)).toEqual([{ weight: 100, vnd: 5000, usd: 0.5 }]);
  });

  it('names every problem at once: the msg counts them, details give each row and column', async () => {
    const before = await listAll();
    const response = await post(
      { name: unique('Many problems ') },
      {
        buffer: await xlsx([HEADER, [500, 180000, 7.5], [0, 'abc', 3], [800, 200000, -1], [500, 1, 1]]),
      },
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.msg).toMatch(/^4 problems in the file, nothing was saved\. /);
    expect(body.msg).toContain('Row 3, column weight: must be a whole number of grams above 0');
    expect(englishBody(body).details).toEqual([
      { path: 'row 3.weight', message: 'Row 3, column weight: must be a whole number of grams above 0' },
      { path: 'row 3.vnd', message: 'Row 3, column vnd: must be a number, 0 or more' },
      { path: 'row 4.usd', message: 'Row 4, column usd: must be a number, 0 or more' },
      { path: 'row 5.weight', message: 'Row 5, column weight: the weight 500 is already on row 2' },
    ]);
    expect(await listAll()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413, storing nothing', async () => {
    const before = await listAll();
    const response = await post(
      { name: unique('Huge ') },
      { buffer: randomBytes(10.5 * 1024 * 1024), name: 'huge.xlsx' },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      msg: 'The request is too large.',
      code: 'PAYLOAD_TOO_LARGE',
      key: 'common.requestTooLarge',
    });
    expect(await listAll()).toEqual(before);
  });

  it('refuses a zip bomb before inflating it: quickly, naming the limit, storing nothing', async () => {
    const bomb = await zipBomb();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = await listAll();
    const started = Date.now();
    const response = await post({ name: unique('Bomb ') }, { buffer: bomb, name: 'bomb.xlsx' });
    const elapsed = Date.now() - started;
    expect(response.statusCode).toBe(400);
    expect(englishBody(response.json())).toEqual({
      msg: 'The workbook expands to 210 MB, over the 200 MB limit.',
      code: 'VALIDATION_FAILED',
    });
    expect(elapsed).toBeLessThan(5000);
    expect(await listAll()).toEqual(before);
  });

  it('refuses a sheet of more than 100,000 rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(HEADER);
    for (let weight = 1; weight <= 100_001; weight++) sheet.addRow([weight, weight * 10, 1]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await listAll();
    const response = await post({ name: unique('Too long ') }, { buffer: file });
    expect(response.statusCode).toBe(400);
    expect(englishBody(response.json())).toEqual({
      msg: 'The sheet has more than 100,000 rows. Please split it into smaller files.',
      code: 'VALIDATION_FAILED',
    });
    expect(await listAll()).toEqual(before);
  });
});

describe('GET /pricese', () => {
  it('lists summaries sorted by name, filtered case-insensitively, with row and account counts', async () => {
    const token = unique('flt');
    const b = await createTable(
      [
        [100, 1, 1],
        [200, 2, 2],
      ],
      `${token} b-line`,
    );
    const a = await createTable([[100, 1, 1]], `${token.toUpperCase()} A-line`);
    await createTable([[100, 1, 1]], unique('Other '));
    const account = await t.createAccount(admin);
    expect(
      (await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { price_sid: b.sid } }))
        .statusCode,
    ).toBe(200);

    const listed = await listAll(token);
    expect(listed).toEqual([
      { sid: a.sid, name: a.name, rows_count: 1, accounts_count: 0, date_created: a.date_created },
      { sid: b.sid, name: b.name, rows_count: 2, accounts_count: 1, date_created: b.date_created },
    ]);
    expect(listed[0]).not.toHaveProperty('rows');
    expect((await listAll()).map((entry) => entry.sid)).toEqual(expect.arrayContaining([a.sid, b.sid]));
    expect(await listAll(unique('nothing-'))).toEqual([]);
  });

  it('is refused to operators, account users and API keys with the spec message', async () => {
    const table = await createTable([[100, 1, 1]]);
    for (const token of [operator.token, seller.token, apiKey]) {
      for (const path of [
        '/pricese',
        '/pricese/template',
        `/pricese/${table.sid}`,
        `/pricese/${table.sid}/export`,
      ]) {
        const response = await t.call('GET', path, { token });
        expect(response.statusCode, path).toBe(403);
        expect(response.json()).toEqual({
          msg: NO_PERMISSION,
          code: 'FORBIDDEN',
          key: 'access.noPermissionViewPricese',
        });
      }
    }
  });
});

describe('GET /pricese/:id', () => {
  it('answers an unknown table with 404', async () => {
    const response = await t.call('GET', '/pricese/no-such-table', { token: admin });
    expectNoSuchTable(response);
  });
});

describe('PUT /pricese/:id', () => {
  it('replaces the rows with those of the new file', async () => {
    const table = await createTable([
      [100, 1000, 1],
      [200, 2000, 2],
    ]);
    const response = await put(
      table.sid,
      { name: table.name },
      { buffer: await xlsx([HEADER, [3000, 300000, 30], [1500, 150000, 15]]) },
    );
    expect(response.statusCode).toBe(200);
    const rows = [
      { weight: 1500, vnd: 150000, usd: 15 },
      { weight: 3000, vnd: 300000, usd: 30 },
    ];
    expect(response.json()).toEqual({
      ...table,
      rows,
      pricese: expect.any(String),
      rows_count: 2,
    });
    expect(JSON.parse(response.json().pricese)).toEqual(rows);
    expect(await rowsOf(table.sid)).toEqual(rows);
  });

  it('refuses a different name (400 naming name) and keeps the rows', async () => {
    const table = await createTable([[100, 1000, 1]]);
    for (const name of [unique('Renamed '), table.name.toUpperCase()]) {
      const response = await put(table.sid, { name }, { buffer: await xlsx([HEADER, [999, 9, 9]]) });
      expectFieldError(response, 'name', "A price table's name cannot be changed.");
    }
    const read = (await t.call('GET', `/pricese/${table.sid}`, { token: admin })).json();
    expect(read.name).toBe(table.name);
    expect(read.rows).toEqual([{ weight: 100, vnd: 1000, usd: 1 }]);
  });

  it('requires the name and the file', async () => {
    const table = await createTable([[100, 1000, 1]]);
    const noName = await put(table.sid, {}, { buffer: await xlsx([HEADER, [999, 9, 9]]) });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().details).toEqual([requiredDetail('name', 'Name', 'name')]);
    const noFile = await put(table.sid, { name: table.name });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().details).toEqual([
      { path: 'file', message: 'Please choose an Excel file.', key: 'sheets.chooseFile' },
    ]);
    expect(await rowsOf(table.sid)).toEqual([{ weight: 100, vnd: 1000, usd: 1 }]);
  });

  it('answers an unknown table with 404', async () => {
    const response = await put('no-such-table', { name: 'x' }, { buffer: await xlsx([HEADER, [1, 1, 1]]) });
    expectNoSuchTable(response);
  });
});

describe('GET /pricese/template', () => {
  it('is an xlsx with the header row and one example row, which uploads as is', async () => {
    const response = await t.call('GET', '/pricese/template', { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename="pricese_template.xlsx"');
    const rows = await readXlsx(response.rawPayload);
    expect(rows).toEqual([HEADER, [500, 180000, 7.5]]);

    const uploaded = await post({ name: unique('From template ') }, { buffer: response.rawPayload });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().rows).toEqual([{ weight: 500, vnd: 180000, usd: 7.5 }]);
  });
});

describe('GET /pricese/:id/export', () => {
  it('gives the stored rows in the template format, and uploading it again gives the same rows', async () => {
    const table = await createTable([
      [2000, 420000, 17.5],
      [250, 95000, 4.25],
      [1000, 260000, 10],
    ]);
    const response = await t.call('GET', `/pricese/${table.sid}/export`, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(XLSX_TYPE);
    expect(response.headers['content-disposition']).toContain('attachment; filename="');
    expect(await readXlsx(response.rawPayload)).toEqual([
      HEADER,
      ...table.rows.map((row) => [row.weight, row.vnd, row.usd]),
    ]);

    const again = await post({ name: unique('Round trip ') }, { buffer: response.rawPayload });
    expect(again.statusCode).toBe(201);
    expect(again.json().rows).toEqual(table.rows);

    const replaced = await put(table.sid, { name: table.name }, { buffer: response.rawPayload });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().rows).toEqual(table.rows);
  });

  it('answers an unknown table with 404', async () => {
    const response = await t.call('GET', '/pricese/no-such-table/export', { token: admin });
    expectNoSuchTable(response);
  });
});

describe('DELETE /pricese/:id', () => {
  it('deletes a table no account uses', async () => {
    const table = await createTable([[100, 1, 1]]);
    const response = await t.call('DELETE', `/pricese/${table.sid}`, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sid: table.sid });
    expect((await t.call('GET', `/pricese/${table.sid}`, { token: admin })).statusCode).toBe(404);
    expect((await listAll()).map((entry) => entry.sid)).not.toContain(table.sid);
  });

  it('refuses a table an account uses (409 IN_USE naming it), and allows it once unassigned', async () => {
    const table = await createTable([[100, 1, 1]]);
    const account = await t.createAccount(admin);
    const assigned = await t.call('PUT', `/accounts/${account.sid}`, {
      token: admin,
      body: { price_sid: table.sid },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().price_sid).toBe(table.sid);

    const refused = await t.call('DELETE', `/pricese/${table.sid}`, { token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      msg: `The price table ${table.name} is used by 1 account and cannot be deleted.`,
      code: 'IN_USE',
      key: 'pricing.inUse',
      params: { name: table.name, count: 1 },
    });
    expect((await t.call('GET', `/pricese/${table.sid}`, { token: admin })).json().accounts_count).toBe(1);

    const unassigned = await t.call('PUT', `/accounts/${account.sid}`, {
      token: admin,
      body: { price_sid: null },
    });
    expect(unassigned.statusCode).toBe(200);
    expect((await t.call('DELETE', `/pricese/${table.sid}`, { token: admin })).statusCode).toBe(200);
  });

  it('answers an unknown table with 404, and refuses other roles', async () => {
    const missing = await t.call('DELETE', '/pricese/no-such-table', { token: admin });
    expectNoSuchTable(missing);

    const table = await createTable([[100, 1, 1]]);
    for (const token of [operator.token, seller.token, apiKey]) {
      const response = await t.call('DELETE', `/pricese/${table.sid}`, { token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        msg: NO_PERMISSION,
        code: 'FORBIDDEN',
        key: 'access.noPermissionViewPricese',
      });
    }
    expect((await t.call('GET', `/pricese/${table.sid}`, { token: admin })).statusCode).toBe(200);
  });
});

describe('an account and its price table', () => {
  it('takes a real price table sid, and refuses an unknown one', async () => {
    const table = await createTable([[100, 1, 1]]);
    const created = await t.createAccount(admin, { price_sid: table.sid });
    expect(created.price_sid).toBe(table.sid);
    expect((await t.call('GET', `/accounts/${created.sid}`, { token: admin })).json().price_sid).toBe(
      table.sid,
    );

    const unknown = await t.call('PUT', `/accounts/${created.sid}`, {
      token: admin,
      body: { price_sid: 'no-such-table' },
    });
    expectFieldError(unknown, 'price_sid', 'Price table not found.');
    expect((await t.call('GET', `/accounts/${created.sid}`, { token: admin })).json().price_sid).toBe(
      table.sid,
    );
  });
});
