/** Builds real xlsx files and multipart bodies for upload tests. */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

export const NOT_XLSX = 'The file is not an Excel workbook (.xlsx). Please upload the provided template.';

/**
 * Uploads that are no workbook at all, whatever their name says, `csv` (the template's columns as CSV, the
 * likeliest mistake) among them; every upload route refuses them with NOT_XLSX.
 */
export const notWorkbooks = (csv: string): { label: string; file: () => Promise<Buffer>; msg: string }[] => [
  {
    label: 'a renamed PDF',
    file: async () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
    msg: NOT_XLSX,
  },
  {
    label: 'random bytes',
    file: async () => Buffer.concat([Buffer.from('RND'), randomBytes(4096)]),
    msg: NOT_XLSX,
  },
  {
    label: 'a zip that is not a workbook',
    file: async () => {
      const zip = new JSZip();
      zip.file('hello.txt', 'hello');
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    },
    msg: NOT_XLSX,
  },
  { label: 'a CSV text file', file: async () => Buffer.from(csv), msg: NOT_XLSX },
];

export async function xlsx(rows: unknown[][], sheetName = 'Sheet1'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An xlsx with no worksheet rows at all. */
export async function emptyWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Empty');
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function multipart(
  fields: Record<string, string>,
  file?: { buffer: Buffer; name?: string },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([file.buffer]), file.name ?? 'upload.xlsx');
  return form;
}

/** Reads the first sheet of an xlsx reply back into rows of plain values. */
export async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const workbook = await loadWorkbook(body);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** `text` `times` over, in pieces of a few hundred KB, so hundreds of MB cost no more memory than a piece. */
export function* repeated(text: string, times: number): Generator<Buffer> {
  const perPiece = Math.max(1, Math.floor((256 * 1024) / text.length));
  const piece = Buffer.from(text.repeat(perPiece));
  for (let left = times; left > 0; left -= perPiece)
    yield left >= perPiece ? piece : Buffer.from(text.repeat(left));
}

export interface ZipEntry {
  name: string;
  parts: Iterable<Buffer | string>;
  /** What the headers claim the entry expands to (a forged archive); the real size when absent. */
  declaredSize?: number;
}

/**
 * A zip written by hand, each entry deflated as a stream: a hostile workbook of hundreds of MB of XML is built
 * in a second or two and takes a few hundred KB, like the ones a probe sends.
 */
export async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const deflater = createDeflateRaw({ level: 9 });
    const compressed: Buffer[] = [];
    deflater.on('data', (chunk: Buffer) => compressed.push(chunk));
    const ended = once(deflater, 'end');
    let crc = 0;
    let size = 0;
    for (const part of entry.parts) {
      const bytes = typeof part === 'string' ? Buffer.from(part) : part;
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (!deflater.write(bytes)) await once(deflater, 'drain');
    }
    deflater.end();
    await ended;
    const data = Buffer.concat(compressed);
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directorySize = directory.reduce((total, part) => total + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A minimal real xlsx written by hand, for shapes ExcelJS cannot write cheaply: `sheetData` is the XML inside
 * the first sheet's <sheetData>, `strings` the <si> items of the shared strings (both in parts, so they can
 * be huge), `declaredSizes` forges what the named entries claim to expand to.
 */
export async function handMadeWorkbook(parts: {
  sheetData: Iterable<Buffer | string>;
  strings?: Iterable<Buffer | string>;
  declaredSizes?: Record<string, number>;
}): Promise<Buffer> {
  const entries: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      parts: [
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">',
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
        '<Default Extension="xml" ContentType="application/xml"/>',
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>',
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>',
        '</Types>',
      ],
    },
    {
      name: '_rels/.rels',
      parts: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELATIONSHIPS}">`,
        `<Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      parts: [
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE}">`,
        '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      parts: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELATIONSHIPS}">`,
        `<Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/>`,
        `<Relationship Id="rId2" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      parts: [
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`,
        ...parts.sheetData,
        '</sheetData></worksheet>',
      ],
    },
    {
      name: 'xl/sharedStrings.xml',
      parts: [
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`,
        ...(parts.strings ?? []),
        '</sst>',
      ],
    },
  ];
  for (const entry of entries) entry.declaredSize = parts.declaredSizes?.[entry.name];
  return zipOf(entries);
}

/** One sheet row in hand-made XML: numbers as they are, text as inline strings. */
export function rowXml(row: number, values: (string | number)[]): string {
  const cells = values.map((value, index) => {
    const reference = `${columnName(index + 1)}${row}`;
    return typeof value === 'number'
      ? `<c r="${reference}"><v>${value}</v></c>`
      : `<c r="${reference}" t="str"><v>${value}</v></c>`;
  });
  return `<row r="${row}">${cells.join('')}</row>`;
}

function columnName(column: number): string {
  let name = '';
  for (let left = column; left > 0; left = Math.floor((left - 1) / 26))
    name = String.fromCharCode(65 + ((left - 1) % 26)) + name;
  return name;
}

/**
 * A real workbook of `count` worksheets of one cell each, the shared strings last (as Excel writes them): a
 * few hundred KB for thousands of sheets, each of which ExcelJS's streaming reader once put in a temp file.
 */
export async function manySheetsWorkbook(count: number): Promise<Buffer> {
  const numbers = Array.from({ length: count }, (_, index) => index + 1);
  return zipOf([
    {
      name: '[Content_Types].xml',
      parts: [
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">',
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
        '<Default Extension="xml" ContentType="application/xml"/></Types>',
      ],
    },
    {
      name: '_rels/.rels',
      parts: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELATIONSHIPS}">`,
        `<Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      parts: [
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets>`,
        ...numbers.map((n) => `<sheet name="S${n}" sheetId="${n}" r:id="rId${n}"/>`),
        '</sheets></workbook>',
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      parts: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELATIONSHIPS}">`,
        ...numbers.map(
          (n) => `<Relationship Id="rId${n}" Type="${OFFICE}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
        ),
        '</Relationships>',
      ],
    },
    ...numbers.map((n) => ({
      name: `xl/worksheets/sheet${n}.xml`,
      parts: [
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`,
        rowXml(1, [n]),
        '</sheetData></worksheet>',
      ],
    })),
    {
      name: 'xl/sharedStrings.xml',
      parts: [`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}"></sst>`],
    },
  ]);
}

/**
 * Reads an xlsx answer (a Buffer, or a response's rawPayload) into a workbook. ExcelJS reads a Buffer, but its
 * types only name ArrayBuffer, so the one cast lives here rather than in every test that opens a workbook.
 */
export async function loadWorkbook(bytes: Buffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}
