/**
 * What ExcelJS's streaming reader reads of an upload: the first worksheet, re-packed so the reader never writes
 * a temp file. The reader walks the zip in order and puts every worksheet it meets before the shared strings
 * and the workbook's relationships into a temp file (the tmp package) whose descriptor stays open until that
 * sheet is read. Excel and ExcelJS both write the shared strings after the sheets, and the parser stops after
 * the first sheet, so every upload left a file (customers' names and phones) and a descriptor behind for good,
 * and a workbook of thousands of one-cell sheets took every descriptor of the process (issue 17).
 *
 * So the reader gets, in this order, an empty relationships part (it only names the sheets, which the parser
 * does not use), the workbook part, the shared strings (an empty table when the file has none) and the first
 * worksheet, then the zip's end: with the strings and relationships read first it reads the sheet straight
 * from memory. The entries' compressed bytes are copied as they are, each under a fresh local header stating
 * the sizes the central directory gives: the bytes the guard inflated and counted are the bytes read here.
 */
import { crc32 } from 'node:zlib';
import { SheetRefusal } from './sheet-refusal.ts';
import { WORKSHEET, type ZipEntry } from './workbook-guard.ts';

const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY = 0x06054b50;
const UTF8_NAMES = 0x0800;
const STORED = 0;

const EMPTY_RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';
const EMPTY_STRINGS =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>';

interface Member {
  name: string;
  method: number;
  crc: number;
  size: number;
  data: Buffer;
}

/**
 * The zip ExcelJS's streaming reader is given for `file`, whose entries the guard checked; undefined when the
 * workbook has no worksheet (the reader would find no rows either).
 */
export function streamableSheet(file: Buffer, entries: readonly ZipEntry[]): Buffer | undefined {
  // The sheet the reader met first in the file's order: the first worksheet entry by position.
  const sheet = entries
    .filter((entry) => entry.type === 'File' && WORKSHEET.test(entry.path))
    .sort((a, b) => a.offsetToLocalFileHeader - b.offsetToLocalFileHeader)[0];
  if (!sheet) return undefined;
  const workbook = entries.find((entry) => entry.path === 'xl/workbook.xml');
  // The whole-workbook reader also takes the strings under a leading slash; the exact name wins.
  const strings =
    entries.find((entry) => entry.path === 'xl/sharedStrings.xml') ??
    entries.find((entry) => entry.path === '/xl/sharedStrings.xml');
  const members = [
    stored('xl/_rels/workbook.xml.rels', EMPTY_RELATIONSHIPS),
    ...(workbook ? [copied(file, workbook, 'xl/workbook.xml')] : []),
    strings ? copied(file, strings, 'xl/sharedStrings.xml') : stored('xl/sharedStrings.xml', EMPTY_STRINGS),
    copied(file, sheet, sheet.path),
  ];
  return Buffer.concat([...members.flatMap(localRecord), endOfDirectory()]);
}

/** An entry's compressed bytes, found as the guard's inflation found them (unzipper's Open). */
function copied(file: Buffer, entry: ZipEntry, name: string): Member {
  const at = entry.offsetToLocalFileHeader;
  if (at + 30 > file.length || file.readUInt32LE(at) !== LOCAL_HEADER)
    throw new SheetRefusal('sheets.notXlsx');
  const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
  // Like unzipper, the directory's sizes unless it gives none.
  const local = {
    method: file.readUInt16LE(at + 8),
    crc: file.readUInt32LE(at + 14),
    compressed: file.readUInt32LE(at + 18),
    size: file.readUInt32LE(at + 22),
  };
  const own = entry.compressedSize
    ? {
        method: entry.compressionMethod,
        crc: entry.crc32,
        compressed: entry.compressedSize,
        size: entry.uncompressedSize,
      }
    : local;
  const end = start + own.compressed;
  if (end > file.length) throw new SheetRefusal('sheets.notXlsx');
  return { name, method: own.method, crc: own.crc, size: own.size, data: file.subarray(start, end) };
}

function stored(name: string, text: string): Member {
  const data = Buffer.from(text);
  return { name, method: STORED, crc: crc32(data), size: data.length, data };
}

function localRecord(member: Member): Buffer[] {
  const name = Buffer.from(member.name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(20, 4); // version needed: deflate
  header.writeUInt16LE(UTF8_NAMES, 6); // no data descriptor: the sizes are right here
  header.writeUInt16LE(member.method, 8);
  header.writeUInt16LE(0x21, 12); // 1980-01-01
  header.writeUInt32LE(member.crc >>> 0, 14);
  header.writeUInt32LE(member.data.length, 18);
  header.writeUInt32LE(member.size >>> 0, 22);
  header.writeUInt16LE(name.length, 26);
  return [header, name, member.data];
}

/** An empty directory's end record: the reader stops there. */
function endOfDirectory(): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  return end;
}
