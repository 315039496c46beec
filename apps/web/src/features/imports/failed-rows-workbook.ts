/**
 * "Download failed rows" (issue 21): the rows of the uploaded sheet whose orders were not imported, under the
 * file's own header and as the seller typed them (numbers stay numbers, dates dates, in their formats), with
 * an Error column saying what to fix. It is built here, from the file the browser still holds, so nothing is
 * sent again; ExcelJS comes with this module, which the page loads only when the button is pressed.
 *
 * The sheet read is the one the server reads (the first), and its header is the first row that is not blank;
 * the server numbers rows as the sheet does, so the reply's row numbers find the same rows here. The Error
 * column is ignored on upload (the server reads columns by their header), and reused when the file is one
 * these downloads made, so fixing and uploading again never piles up columns.
 */
import ExcelJS from 'exceljs';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The Error column's header in every language, so a sheet downloaded in one is reused in the other. */
const ERROR_HEADERS = ['error', 'lỗi'];

/** A formula's value as the seller saw it: its result (the formula's references would point elsewhere now). */
function typedValue(value: ExcelJS.CellValue): ExcelJS.CellValue {
  if (value && typeof value === 'object' && ('formula' in value || 'sharedFormula' in value))
    return (value as { result?: ExcelJS.CellValue }).result ?? null;
  return value;
}

function textOf(value: ExcelJS.CellValue): string {
  const plain = typedValue(value);
  if (plain === null || plain === undefined) return '';
  if (plain instanceof Date) return plain.toISOString();
  if (typeof plain === 'object') {
    if ('richText' in plain)
      return plain.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in plain) return String(plain.text).trim();
    if ('error' in plain) return '';
  }
  return String(plain).trim();
}

function isBlank(row: ExcelJS.Row): boolean {
  let blank = true;
  row.eachCell((cell) => {
    if (textOf(cell.value) !== '') blank = false;
  });
  return blank;
}

function copyCell(from: ExcelJS.Cell, to: ExcelJS.Cell) {
  to.value = typedValue(from.value);
  if (from.numFmt) to.numFmt = from.numFmt;
}

/**
 * The failed rows' workbook: `errors` maps each sheet row to bring back to what is wrong with it, in sheet
 * order; `errorHeader` names the Error column in the chosen language.
 */
export async function failedRowsWorkbook(
  file: Blob,
  errors: ReadonlyMap<number, string>,
  errorHeader: string,
): Promise<Blob> {
  const source = new ExcelJS.Workbook();
  await source.xlsx.load(await file.arrayBuffer());
  const sheet = source.worksheets[0];
  if (!sheet) throw new Error('The workbook has no sheet.');
  let header: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (!header && !isBlank(row)) header = row;
  });
  if (!header) throw new Error('The sheet has no header row.');
  const headerRow = header;

  const wanted = [...errors.keys()].sort((a, b) => a - b);
  const rows = wanted.map((number) => sheet.getRow(number));
  let errorColumn = 0;
  headerRow.eachCell((cell, column) => {
    if (!errorColumn && ERROR_HEADERS.includes(textOf(cell.value).toLowerCase())) errorColumn = column;
  });
  const width = Math.max(headerRow.cellCount, ...rows.map((row) => row.cellCount));
  if (!errorColumn) errorColumn = width + 1;

  const out = new ExcelJS.Workbook();
  const target = out.addWorksheet(sheet.name || 'Orders');
  const copyRow = (from: ExcelJS.Row, to: ExcelJS.Row) => {
    for (let column = 1; column <= width; column++) {
      if (column !== errorColumn) copyCell(from.getCell(column), to.getCell(column));
    }
  };
  copyRow(headerRow, target.getRow(1));
  target.getRow(1).getCell(errorColumn).value = errorHeader;
  target.getRow(1).font = { bold: true };
  rows.forEach((row, index) => {
    const to = target.getRow(index + 2);
    copyRow(row, to);
    const error = to.getCell(errorColumn);
    error.value = errors.get(row.number) ?? null;
    error.font = { color: { argb: 'FFC00000' } };
    error.alignment = { wrapText: true, vertical: 'top' };
  });
  for (let column = 1; column <= width; column++) {
    const from = sheet.getColumn(column).width;
    if (from) target.getColumn(column).width = from;
    else target.getColumn(column).width = 16;
  }
  target.getColumn(errorColumn).width = 60;
  target.views = [{ state: 'frozen', ySplit: 1 }];
  const bytes = await out.xlsx.writeBuffer();
  return new Blob([bytes], { type: XLSX_TYPE });
}
