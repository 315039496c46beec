import { describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../../test/workbooks.ts';
import { writeSheet } from './sheet-writer.ts';

describe('writeSheet', () => {
  it('writes text that looks like a formula as text, in every column and row', async () => {
    const tricky = ['=1+1', '+cmd', '-2', '@SUM(A1)', '\tTab', '\rReturn'];
    const file = await writeSheet(
      'Sheet',
      tricky.map((text) => ({ header: text, width: 10 })),
      [{ cells: tricky }, { cells: [...tricky].reverse(), numFmts: tricky.map(() => '#,##0'), bold: true }],
    );
    const workbook = await loadWorkbook(file);
    const sheet = workbook.worksheets[0];
    for (const rowNumber of [2, 3]) {
      const row = sheet?.getRow(rowNumber);
      tricky.forEach((_text, index) => {
        const cell = row?.getCell(index + 1);
        expect(typeof cell?.value).toBe('string');
        expect(cell?.numFmt).toBe('@');
      });
    }
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(3).getCell(1).font?.bold).toBe(true);
  });

  it('keeps the number formats given for other cells', async () => {
    const file = await writeSheet(
      'Sheet',
      [
        { header: 'Amount', width: 10 },
        { header: 'Note', width: 10 },
      ],
      [{ cells: [-1500, 'Refund'], numFmts: ['#,##0'] }],
    );
    const workbook = await loadWorkbook(file);
    const row = workbook.worksheets[0]?.getRow(2);
    expect(row?.getCell(1).value).toBe(-1500);
    expect(row?.getCell(1).numFmt).toBe('#,##0');
    expect(row?.getCell(2).numFmt).toBeUndefined();
  });

  it('freezes the header unless told not to, and keeps empty text as text when asked (templates)', async () => {
    const columns = [
      { header: 'A', width: 12 },
      { header: 'B', width: 12 },
    ];
    const rows = [{ cells: ['', '=x'] }];
    const load = async (file: Buffer) => {
      const workbook = await loadWorkbook(file);
      return workbook.worksheets[0];
    };
    const report = await load(await writeSheet('Sheet', columns, rows));
    expect(report?.views).toEqual([expect.objectContaining({ state: 'frozen', ySplit: 1 })]);

    const template = await load(
      await writeSheet('Sheet', columns, rows, { freezeHeader: false, keepEmptyText: true }),
    );
    expect(template?.views ?? []).toEqual([]);
    expect(template?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(template?.getColumn(2).width).toBe(12);
    expect(template?.getRow(2).getCell(1).value).toBe('');
    expect(template?.getRow(2).getCell(2).value).toBe('=x');
    expect(template?.getRow(2).getCell(2).numFmt).toBe('@');
  });
});
