/**
 * The re-packed first sheet (streamable-sheet.ts): ExcelJS's streaming reader reads from it the rows the
 * whole-workbook reader reads from the file, and writes no temp file and keeps no descriptor doing so, for
 * the shapes uploads come in. Run in this thread, the tmp package's folder pointed at an empty one of the
 * test's own.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { handMadeWorkbook, loadWorkbook, rowXml, xlsx } from '../../../test/workbooks.ts';
import { streamableSheet } from './streamable-sheet.ts';
import { assertReadableWorkbook } from './workbook-guard.ts';

const openDescriptors = () => readdirSync('/proc/self/fd').length;

async function streamedRows(file: Buffer): Promise<unknown[][]> {
  const sheet = streamableSheet(file, await assertReadableWorkbook(file));
  if (!sheet) return [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(sheet), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  const rows: unknown[][] = [];
  for await (const worksheet of reader) {
    for await (const row of worksheet) rows.push((row.values as unknown[]).slice(1));
  }
  return rows;
}

async function loadedRows(file: Buffer): Promise<unknown[][]> {
  const workbook = await loadWorkbook(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const twoSheets = async () => {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Orders').addRows([
    ['orderNumber', 'name'],
    ['A-1', 'Nguyễn Văn A'],
  ]);
  workbook.addWorksheet('Notes').addRow(['not read']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** Written by JSZip as a stream: each entry's sizes come after its data, in a data descriptor. */
const withDataDescriptors = async () => {
  const zip = await JSZip.loadAsync(await twoSheets());
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', streamFiles: true });
};

/** Without xl/sharedStrings.xml: numbers only, and the reader never has the strings before a sheet. */
const numbersOnly = async () => {
  const zip = await JSZip.loadAsync(
    await xlsx([
      [1, 2],
      [500, 180000],
    ]),
  );
  zip.remove('xl/sharedStrings.xml');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
};

/** Stored entries (no compression), the shared strings under a leading slash as some writers name them. */
const storedWithSlashedStrings = async () => {
  const source = await JSZip.loadAsync(await twoSheets());
  const zip = new JSZip();
  for (const [name, entry] of Object.entries(source.files)) {
    if (entry.dir) continue;
    const renamed = name === 'xl/sharedStrings.xml' ? '/xl/sharedStrings.xml' : name;
    zip.file(renamed, await entry.async('nodebuffer'));
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
};

const SHAPES: [string, () => Promise<Buffer>][] = [
  ['a workbook ExcelJS wrote, its sheets before its shared strings', twoSheets],
  ['the same with data descriptors', withDataDescriptors],
  ['a workbook without shared strings', numbersOnly],
  ['stored entries, the shared strings named with a leading slash', storedWithSlashedStrings],
  [
    'a hand-made workbook of inline strings',
    () => handMadeWorkbook({ sheetData: [rowXml(1, ['weight', 'vnd']), rowXml(2, [500, 180000])] }),
  ],
];

describe('the first sheet, re-packed for the streaming reader', () => {
  it.each(SHAPES)(
    '%s: the rows the whole-workbook reader reads, no temp file, no descriptor',
    async (_, build) => {
      const file = await build();
      const expected = await loadedRows(file);
      expect(expected.length).toBeGreaterThan(0);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'parcelops-test-'));
      const saved = process.env.TMPDIR;
      process.env.TMPDIR = dir;
      try {
        expect(os.tmpdir()).toBe(dir);
        const before = openDescriptors();
        expect(await streamedRows(file)).toEqual(expected);
        expect(readdirSync(dir)).toEqual([]);
        expect(openDescriptors()).toBe(before);
      } finally {
        if (saved === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = saved;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('holds nothing but the parts the reader uses', async () => {
    const file = await twoSheets();
    const sheet = streamableSheet(file, await assertReadableWorkbook(file));
    expect(sheet).toBeDefined();
    // JSZip reads the central directory, which the re-packed zip does not have: list the local headers.
    const names: string[] = [];
    for (let at = 0; (sheet as Buffer).readUInt32LE(at) === 0x04034b50; ) {
      const nameLength = (sheet as Buffer).readUInt16LE(at + 26);
      names.push((sheet as Buffer).toString('utf8', at + 30, at + 30 + nameLength));
      at += 30 + nameLength + (sheet as Buffer).readUInt32LE(at + 18);
    }
    expect(names).toEqual([
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/sharedStrings.xml',
      'xl/worksheets/sheet1.xml',
    ]);
  });
});
