import { describe, expect, it } from 'vitest';
import { SheetRefusal } from './sheet-refusal.ts';
import { type SheetBounds, WorkbookCellCount } from './sheet-scan.ts';

const BOUNDS: SheetBounds = { columnsPerRow: 3, cells: 10, sheetRows: 5 };

/** Scans each XML text as one sheet, in pieces of `piece` bytes; gives the totals, or the refusal's message. */
function scan(sheets: string[], piece = Number.MAX_SAFE_INTEGER, bounds = BOUNDS) {
  const count = new WorkbookCellCount(bounds);
  try {
    for (const xml of sheets) {
      const scanner = count.sheet();
      const bytes = Buffer.from(xml);
      for (let at = 0; at < bytes.length; at += piece) scanner.write(bytes.subarray(at, at + piece));
    }
  } catch (error) {
    if (error instanceof SheetRefusal) return { refused: error.message };
    throw error;
  }
  return { cells: count.cells, rows: count.rows };
}

const sheet = (data: string) => `<?xml version="1.0"?><worksheet><sheetData>${data}</sheetData></worksheet>`;

describe('the sheet scanner', () => {
  it('counts the rows and cells of a sheet as ExcelJS reads them, whichever way the bytes are cut', () => {
    const xml = sheet(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>2</v></c></row>' +
        '<row r="2" spans="1:3"><c r="A2"/><c r="C2" t="inlineStr"><is><t>x</t></is></c></row><row r="3"/>',
    );
    for (const piece of [1, 2, 3, 7, 64, xml.length])
      expect(scan([xml], piece)).toEqual({ cells: 4, rows: 3 });
  });

  it('does not count other elements, prefixed names, or markup inside comments, CDATA and instructions', () => {
    const xml = sheet(
      '<cols><col min="1" max="3"/></cols><x:c r="A1"/><cfRule/>' +
        '<!-- <row><c r="A1"/><c/><c/><c/></row> " --><?pi <c/><c/><c/><c/> ?>' +
        '<row r="1"><c r="A1" t="str"><v><![CDATA[<c/><c/><c/><c/>]]></v></c></row>',
    );
    for (const piece of [1, 5, xml.length]) expect(scan([xml], piece)).toEqual({ cells: 1, rows: 1 });
  });

  it('reads quoted attribute values whole, a > inside them included', () => {
    const xml = sheet(`<row r="1" x='a>b'><c r="A1" s=">"/><c r='B1'/></row>`);
    expect(scan([xml], 1)).toEqual({ cells: 2, rows: 1 });
  });

  it('refuses a row with one cell too many, naming the row', () => {
    expect(scan([sheet('<row r="1"><c/><c/><c/></row><row r="7"><c/><c/><c/><c/></row>')])).toEqual({
      refused:
        'Row 7 has more than 3 columns; a sheet may have at most 3. Keep only the columns of the template and upload the file again.',
    });
  });

  it('refuses a cell past the last column even when the row has few cells', () => {
    expect(scan([sheet('<row r="2"><c r="A2"/><c r="C2"/></row>')])).toEqual({ cells: 2, rows: 1 });
    expect(scan([sheet('<row r="2"><c r="D2"/></row>')])).toEqual({
      refused: expect.stringMatching(/^Row 2 has more than 3 columns/),
    });
    // A large reference such as XFD1 (column 16,384) is read as a column, not as text.
    expect(scan([sheet('<row r="1"><c r="XFD1"/></row>')]).refused).toMatch(/^Row 1 has more than 3 columns/);
  });

  it('numbers rows without an r attribute after the one before', () => {
    expect(scan([sheet('<row r="4"><c/></row><row><c/><c/><c/><c/></row>')]).refused).toMatch(/^Row 5 /);
  });

  it('refuses more cells or rows than the bounds, counting all sheets together', () => {
    const rowOf3 = '<row><c/><c/><c/></row>';
    expect(scan([sheet(rowOf3.repeat(3)), sheet(rowOf3)])).toEqual({
      refused:
        'The workbook has more than 10 cells; it may have at most 10. Please split it into smaller files.',
    });
    expect(scan([sheet('<row/>'.repeat(3)), sheet('<row></row>'.repeat(3))])).toEqual({
      refused:
        'The workbook has more than 5 rows (blank ones included); it may have at most 5. Please split it into smaller files.',
    });
  });

  it('stops at the first cell over a bound, however much follows', () => {
    const scanner = new WorkbookCellCount(BOUNDS).sheet();
    scanner.write(Buffer.from('<row r="1"><c/><c/><c/>'));
    expect(() => scanner.write(Buffer.from(`<c/>${'<c/>'.repeat(1_000_000)}`))).toThrow(SheetRefusal);
  });

  it('counts more rather than fewer when a < appears where XML does not allow it', () => {
    // `<` cannot stand inside a tag or an attribute value; the scanner takes it as the start of a new tag.
    const xml = sheet('<row r="1"><c r="A1<c/><c r="B1" x="<c/></row>');
    expect(scan([xml], xml.length, { ...BOUNDS, columnsPerRow: 10 })).toEqual({ cells: 4, rows: 1 });
  });
});
