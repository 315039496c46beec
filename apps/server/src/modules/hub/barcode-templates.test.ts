/**
 * Issue 21 item 6: the order details and status uploads offer their template as the other uploads do. The
 * template is the one column the uploads read (the first row a header), kept as text; filled in, it uploads.
 */
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { loadWorkbook, multipart, readXlsx } from '../../../test/workbooks.ts';

const { t, admin, operator, sellerA, keyA } = await openTestWorld({ orderAccounts: true });

const TEMPLATES = [
  { path: '/orders/getDetails/template', name: 'order_details_template.xlsx' },
  { path: '/orders/status/template', name: 'order_status_template.xlsx' },
] as const;

/** The downloaded template with `barcodes` typed under its header, as a person fills it in. */
async function filledIn(template: Buffer, barcodes: string[]): Promise<Buffer> {
  const workbook = await loadWorkbook(template);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  barcodes.forEach((barcode, index) => {
    sheet.getCell(index + 2, 1).value = barcode;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(TEMPLATES)('GET $path', ({ path, name }) => {
  it('is an xlsx of the one Barcode column, text-formatted, for admins and operators', async () => {
    for (const token of [admin, operator.token]) {
      const response = await t.call('GET', path, { token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(await readXlsx(response.rawPayload)).toEqual([['Barcode']]);
      const workbook = await loadWorkbook(response.rawPayload);
      // Typed barcodes stay text: a 22-digit carrier number would otherwise become 9.2E+21.
      expect(workbook.worksheets[0]?.getColumn(1).numFmt).toBe('@');
    }
  });

  it('is hub work: account users and API keys are refused', async () => {
    for (const token of [sellerA.token, keyA]) {
      expect((await t.call('GET', path, { token })).statusCode).toBe(403);
    }
  });
});

describe('the barcode template, filled in', () => {
  it('uploads as it is to the order details and to the status preview', async () => {
    const order = await createOrder(t, sellerA.token);
    const template = (await t.call('GET', '/orders/getDetails/template', { token: operator.token }))
      .rawPayload;
    const file = await filledIn(template, [order.barcode, 'NOPE-0001']);

    const details = await t.call('POST', '/orders/getDetails', {
      token: operator.token,
      body: multipart({}, { buffer: file }),
    });
    expect(details.statusCode, details.body).toBe(200);
    const rows = await readXlsx(details.rawPayload);
    expect(rows.slice(1).map((row) => [row[0], row[1]])).toEqual([
      [order.barcode, 'found'],
      ['NOPE-0001', 'not found'],
    ]);

    const statusTemplate = (await t.call('GET', '/orders/status/template', { token: operator.token }))
      .rawPayload;
    const preview = await t.call('POST', '/orders/status/preview', {
      token: operator.token,
      body: multipart({ status: '1' }, { buffer: await filledIn(statusTemplate, [order.barcode]) }),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ total: 1, notFoundCount: 0 });
  });

  it('uploaded empty, says it has no barcodes', async () => {
    const template = (await t.call('GET', '/orders/status/template', { token: operator.token })).rawPayload;
    const response = await t.call('POST', '/orders/getDetails', {
      token: operator.token,
      body: multipart({}, { buffer: template }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('The sheet has headers but no rows.');
  });
});
