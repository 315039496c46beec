/**
 * Issue 21, imports that say what to fix: each failed order lists its problems once per sheet row, each with
 * its column under the file's header and a catalogue key; the reply says when the placed orders were placed,
 * so the orders list shows just them.
 */
import { describe, expect, it } from 'vitest';
import { createSellerAccount, onCredit } from '../../../test/order-fixtures.ts';
import { ORDER_SHEET_HEADERS, orderRow } from '../../../test/order-sheets.ts';
import { unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart, xlsx } from '../../../test/workbooks.ts';

const { t, admin, sellerA } = await openTestWorld({ orderAccounts: true });

async function importRows(token: string, rows: (string | number)[][], headers = ORDER_SHEET_HEADERS) {
  const response = await t.call('POST', '/orders/import', {
    token,
    body: multipart({}, { buffer: await xlsx([headers, ...rows]) }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /orders/import: failed rows grouped by row', () => {
  it("lists a row's problems once, each by column with its key, and keeps orderNumber and msg", async () => {
    const prefix = unique('GRP-');
    const body = await importRows(sellerA.token, [
      row(`${prefix}ok`),
      // Two problems on one row: both under row 3.
      row(`${prefix}two`, { city: '', quantity: 'two' }),
      // An order of two rows, the second one bad twice, the first fine.
      row(`${prefix}multi`),
      row(`${prefix}multi`, { city: 'Portland', itemWeight: -1 }),
    ]);
    expect(body.imported).toBe(1);
    const [two, multi] = body.failedOrders;
    expect(two).toEqual({
      orderNumber: `${prefix}two`,
      msg: 'Row 3, column city: City is required; Row 3, column quantity: Quantity must be a number',
      rows: [3],
      problems: [
        {
          row: 3,
          problems: [
            {
              column: 'city',
              message: 'City is required',
              key: expect.any(String),
              params: expect.anything(),
            },
            expect.objectContaining({ column: 'quantity', message: 'Quantity must be a number' }),
          ],
        },
      ],
    });
    expect(multi).toMatchObject({ orderNumber: `${prefix}multi`, rows: [4, 5] });
    expect(multi.problems).toEqual([
      {
        row: 5,
        problems: [
          {
            column: 'city',
            message: 'differs from row 4 of the same order (Seattle)',
            key: 'imports.differsFromRow',
            params: { row: 4, value: 'Seattle' },
          },
          expect.objectContaining({ column: 'itemWeight', message: 'Item weight must be 0 or more' }),
        ],
      },
    ]);
    // Every problem carries a key the web can render; none is left as plain English.
    for (const failure of body.failedOrders)
      for (const group of failure.problems)
        for (const problem of group.problems) expect(problem.key).not.toBe('common.plain');
  });

  it("names the column as the file's header does, and puts the order's own problems under row null", async () => {
    const { seller } = await createSellerAccount(t, admin, onCredit(200_000));
    const prefix = unique('OWN-');
    const headers = ORDER_SHEET_HEADERS.map((header) => (header === 'city' ? 'City' : header));
    const body = await importRows(
      seller,
      [
        row(`${prefix}1`),
        row(`${prefix}2`, { itemWeight: 100 }),
        row(`${prefix}2`, { itemWeight: 100, skuNumber: 'SKU-2' }),
        row(`${prefix}3`, { city: '' }),
      ],
      headers,
    );
    expect(body.imported).toBe(1);
    expect(body.failedOrders).toEqual([
      {
        orderNumber: `${prefix}2`,
        msg: 'Rows 3-4: The credit balance (20,000 VND) cannot cover this order (180,000 VND).',
        rows: [3, 4],
        problems: [
          {
            row: null,
            problems: [
              expect.objectContaining({
                column: null,
                message: 'The credit balance (20,000 VND) cannot cover this order (180,000 VND).',
                key: expect.any(String),
              }),
            ],
          },
        ],
      },
      expect.objectContaining({
        orderNumber: `${prefix}3`,
        msg: 'Row 5, column City: City is required',
        problems: [{ row: 5, problems: [expect.objectContaining({ column: 'City' })] }],
      }),
    ]);
  });

  it('says when the placed orders were placed: the orders list with that window lists just them', async () => {
    const { account, seller } = await createSellerAccount(t, admin);
    const prefix = unique('WIN-');
    const before = await t.call('POST', '/orders', {
      token: seller,
      body: { ...orderBodyFor(`${prefix}before`) },
    });
    expect(before.statusCode, before.body).toBe(201);
    const body = await importRows(seller, [
      row(`${prefix}1`),
      row(`${prefix}2`),
      row(`${prefix}bad`, { city: '' }),
    ]);
    expect(body.imported).toBe(2);
    expect(body.placed).toEqual({
      account_sid: account.sid,
      from: expect.any(String),
      to: expect.any(String),
    });
    const list = await t.call('GET', '/orders', {
      token: admin,
      query: { account_sid: account.sid, from_date: body.placed.from, to_date: body.placed.to },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .data.map((order: { orderNumber: string }) => order.orderNumber)
        .sort(),
    ).toEqual([`${prefix}1`, `${prefix}2`]);

    const none = await importRows(seller, [row(`${prefix}bad2`, { city: '' })]);
    expect(none).toMatchObject({ imported: 0, placed: null });
  });
});

describe('POST /orders/import: file problems as catalogue texts', () => {
  const send = (body: Buffer | null) =>
    t.call('POST', '/orders/import', {
      token: sellerA.token,
      body: body ? multipart({}, { buffer: body }) : multipart({}),
    });

  it('refuses a file that is not a workbook, one without the columns, and none, each with its key', async () => {
    const pdf = await send(Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toEqual({
      msg: 'The file is not an Excel workbook (.xlsx). Please upload the provided template.',
      code: 'VALIDATION_FAILED',
      key: 'sheets.notXlsx',
    });
    const columns = await send(
      await xlsx([
        ['orderNumber', 'city'],
        ['A-1', 'Seattle'],
      ]),
    );
    expect(columns.statusCode).toBe(400);
    expect(columns.json()).toMatchObject({
      key: 'sheets.noColumn',
      params: { names: expect.stringMatching(/^name, address1/) },
    });
    const none = await send(null);
    expect(none.json().details).toEqual([
      { path: 'file', message: 'Please choose an Excel file.', key: 'sheets.chooseFile' },
    ]);
  });
});

const row = orderRow;

function orderBodyFor(orderNumber: string) {
  return {
    orderNumber,
    name: 'Jane Doe',
    address1: '400 Pine St',
    city: 'Seattle',
    state: 'WA',
    country: 'US',
    postalCode: '98101',
    items: [
      {
        skuNumber: 'SKU-1',
        quantity: 1,
        itemWeight: 400,
        itemWidth: 10,
        itemHeight: 10,
        itemLength: 10,
      },
    ],
  };
}
