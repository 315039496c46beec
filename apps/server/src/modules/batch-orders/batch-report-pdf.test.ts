import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../lib/pdf/pdf-text.ts';
import {
  type BatchReportInput,
  type BatchReportOrder,
  REPORT_ROWS_PER_PAGE,
  renderBatchReport,
} from './batch-report-pdf.ts';

const NAMES = ['Nguyễn Văn Đức', 'Trần Thị Hồng Nhung', 'Lê Hoàng Phương', 'Jane Doe'];
const STATUSES = ['Generated', 'Processed', 'Delivered', 'Order Failed'];

function order(index: number): BatchReportOrder {
  return {
    orderNumber: `BO-${index.toString().padStart(5, '0')}`,
    barcode: `PO${(1_960_000_000 + index).toString()}`,
    name: NAMES[index % NAMES.length] ?? '',
    city: index % 2 ? 'Hà Nội' : 'Thành phố Hồ Chí Minh',
    state: index % 2 ? 'HN' : null,
    weightGrams: 500 + index * 10,
    vnd: 25_000 + index * 1_000,
    statusLabel: STATUSES[index % STATUSES.length] ?? '',
  };
}

/** The orders, yielded one by one as a database cursor would; counts what has been read. */
function source(count: number) {
  const read = { rows: 0 };
  async function* orders() {
    for (let index = 0; index < count; index++) {
      read.rows++;
      yield order(index);
    }
  }
  return { read, orders: orders() };
}

function input(count: number, orders: BatchReportInput['orders']): BatchReportInput {
  const all = Array.from({ length: count }, (_, index) => order(index));
  return {
    batch: {
      sid: 'BAT0123456789',
      name: 'Đơn hàng tháng 11 – Sài Gòn',
      accountName: 'Công ty Nguyễn Văn Đức',
      statusLabel: 'Processed',
      createdAt: new Date('2026-11-20T09:15:00Z'),
      finishedAt: new Date('2026-11-20T09:17:42Z'),
    },
    totals: {
      orders: count,
      weightGrams: all.reduce((sum, row) => sum + row.weightGrams, 0),
      chargeVnd: all.reduce((sum, row) => sum + row.vnd, 0),
      byStatus: STATUSES.map((label) => ({
        label,
        count: all.filter((row) => row.statusLabel === label).length,
      })),
    },
    orders,
  };
}

const orderNumbers = (page: string) => page.match(/BO-\d{5}/g) ?? [];

describe('renderBatchReport', () => {
  it('sums the batch up on the first page and lists every order over paginated pages', async () => {
    const count = 300;
    const pdf = await buffer(renderBatchReport(input(count, source(count).orders)));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, title } = await pdfText(pdf);
    expect(title).toBe('Batch Đơn hàng tháng 11 – Sài Gòn');

    const [first = ''] = pages;
    for (const expected of [
      'Đơn hàng tháng 11 – Sài Gòn',
      'BAT0123456789',
      'Công ty Nguyễn Văn Đức',
      'Processed',
      '2026-11-20 09:15 UTC',
      '2026-11-20 09:17 UTC',
      '300',
      // 300 orders of 0.5 kg plus 10 g each more: 150,000 + 10 × 44,850 grams.
      '598.50 KG',
      // 300 × 25,000 + 1,000 × 44,850 dong.
      '52,350,000 VND',
      'Nguyễn Văn Đức',
      'Trần Thị Hồng Nhung',
      'Hà Nội, HN',
    ]) {
      expect(first).toContain(expected);
    }
    // Orders per status: each label followed by its count.
    expect(first).toMatch(/Orders by status\nGenerated\n75\nProcessed\n75\nDelivered\n75\nOrder Failed\n75/);

    // Every order once, in order; every page but the last full; the header row and the page number on each.
    const listed = pages.flatMap(orderNumbers);
    expect(listed).toEqual(Array.from({ length: count }, (_, index) => order(index).orderNumber));
    const onFirst = orderNumbers(first).length;
    expect(onFirst).toBeGreaterThan(10);
    expect(pages).toHaveLength(1 + Math.ceil((count - onFirst) / REPORT_ROWS_PER_PAGE));
    pages.forEach((page, index) => {
      expect(page).toContain('Order number');
      expect(page).toContain('Charge (VND)');
      expect(page).toContain(`Page ${index + 1}`);
      if (index > 0 && index < pages.length - 1)
        expect(orderNumbers(page)).toHaveLength(REPORT_ROWS_PER_PAGE);
    });
    // A row as a reader sees it: weight in KG with two decimals, the charge grouped by thousands.
    expect(pages.at(-1)).toMatch(
      /BO-00299\nPO1960000299\nJane Doe\nHà Nội, HN\n3\.49\n324,000\nOrder Failed/,
    );
  });

  it('reads the orders only as fast as the pages are taken', async () => {
    const count = 20_000;
    const { read, orders } = source(count);
    const stream = renderBatchReport(input(100, orders));
    // Nobody reads the PDF: a few pages are drawn into the buffer, then the rows stop being read.
    await sleep(300);
    expect(read.rows).toBeGreaterThan(0);
    expect(read.rows).toBeLessThan(count / 4);
    stream.destroy();
  });

  it('prints a batch with no orders, and one not finished yet', async () => {
    const empty = input(0, []);
    empty.batch.finishedAt = null;
    const { pages } = await pdfText(await buffer(renderBatchReport(empty)));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Not finished');
    expect(pages[0]).toContain('No orders.');
    expect(pages[0]).toContain('0 VND');
  });

  it('fails the stream when the orders cannot be read', async () => {
    async function* failing() {
      yield order(0);
      throw new Error('cursor closed');
    }
    await expect(buffer(renderBatchReport(input(1, failing())))).rejects.toThrow('cursor closed');
  });
});
