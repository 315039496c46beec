import { defineTexts, fillTemplate, type TextParams, templateFor } from '../text.ts';

/**
 * Spreadsheet uploads, whatever they hold (orders, declarations, price tables, barcodes): why a file cannot be
 * read (lib/excel), what a multipart upload lacks (lib/uploads.ts), and a bad row named by its row and column
 * (lib/sheet-problems.ts), the problem itself nested as `{{problem}}`. Counts arrive written out in English
 * (100,000), as the English msg has always given them.
 */
export const sheetsTexts = defineTexts({
  'sheets.rowColumn': {
    en: 'Row {{row}}, column {{column}}: {{problem}}',
    vi: 'Dòng {{row}}, cột {{column}}: {{problem}}',
  },
  'sheets.row': { en: 'Row {{row}}: {{problem}}', vi: 'Dòng {{row}}: {{problem}}' },
  'sheets.problems': {
    en: '{{count}} problems in the file, nothing was saved. {{list}}',
    vi: 'Tệp có {{count}} lỗi, chưa có gì được lưu. {{list}}',
  },
  /** The first problems named in `sheets.problems`, each a `sheets.rowColumn` or `sheets.row`. */
  'sheets.list1': { en: '{{a}}', vi: '{{a}}' },
  'sheets.list2': { en: '{{a}}; {{b}}', vi: '{{a}}; {{b}}' },
  'sheets.list3': { en: '{{a}}; {{b}}; {{c}}', vi: '{{a}}; {{b}}; {{c}}' },
  'sheets.list3More': { en: '{{a}}; {{b}}; {{c}}; …', vi: '{{a}}; {{b}}; {{c}}; …' },

  // The upload itself (lib/uploads.ts).
  'sheets.notMultipart': {
    en: 'Send the file as multipart/form-data.',
    vi: 'Hãy gửi tệp dưới dạng multipart/form-data.',
  },
  'sheets.oneFileOnly': { en: 'Send one file only.', vi: 'Chỉ gửi một tệp.' },
  'sheets.malformedUpload': {
    en: 'The upload was cut off or is not valid multipart/form-data. Send the file again.',
    vi: 'Tệp tải lên bị ngắt giữa chừng hoặc không đúng dạng multipart/form-data. Hãy gửi lại tệp.',
  },
  'sheets.chooseFile': { en: 'Please choose an Excel file.', vi: 'Vui lòng chọn một tệp Excel.' },

  // The reading of it (lib/excel/parse-pool.ts).
  'sheets.busy': {
    en: 'The server is busy reading other files. Please try again in a few seconds.',
    vi: 'Máy chủ đang bận đọc các tệp khác. Vui lòng thử lại sau vài giây.',
  },
  'sheets.tooSlow': {
    en: 'The Excel file takes too long to read. Please split it into smaller files.',
    vi: 'Tệp Excel mất quá nhiều thời gian để đọc. Vui lòng chia thành các tệp nhỏ hơn.',
  },
  'sheets.tooBig': {
    en: 'The Excel file needs more memory to read than the server allows. Please split it into smaller files.',
    vi: 'Tệp Excel cần nhiều bộ nhớ để đọc hơn mức máy chủ cho phép. Vui lòng chia thành các tệp nhỏ hơn.',
  },
  'sheets.abandoned': {
    en: 'The upload was abandoned before the file was read.',
    vi: 'Việc tải lên đã bị hủy trước khi tệp được đọc.',
  },

  // What the parsing worker refuses (workbook-guard.ts, sheet-scan.ts, streamable-sheet.ts, sheet-parser.ts).
  'sheets.notXlsx': {
    en: 'The file is not an Excel workbook (.xlsx). Please upload the provided template.',
    vi: 'Tệp không phải là bảng tính Excel (.xlsx). Vui lòng tải lên theo mẫu được cung cấp.',
  },
  'sheets.tooManySheets': {
    en: 'The workbook has {{count}} sheets; an upload may have at most {{max}}. Keep only the sheet with the data (the first one), or copy it into the provided template, and upload the file again.',
    vi: 'Bảng tính có {{count}} trang tính; mỗi lần tải lên chỉ được tối đa {{max}}. Hãy chỉ giữ trang có dữ liệu (trang đầu tiên), hoặc chép dữ liệu vào mẫu được cung cấp, rồi tải tệp lên lại.',
  },
  'sheets.tooManyParts': {
    en: 'The workbook holds {{count}} parts (sheets, pictures, charts and the like); an upload may hold at most {{max}}. Copy the data into the provided template and upload the file again.',
    vi: 'Bảng tính chứa {{count}} thành phần (trang tính, hình ảnh, biểu đồ và những thứ tương tự); mỗi lần tải lên chỉ được tối đa {{max}}. Hãy chép dữ liệu vào mẫu được cung cấp rồi tải tệp lên lại.',
  },
  'sheets.expandsTo': {
    en: 'The workbook expands to {{size}} MB, over the {{limit}} MB limit.',
    vi: 'Bảng tính khi giải nén lên tới {{size}} MB, vượt giới hạn {{limit}} MB.',
  },
  'sheets.expandsBeyond': {
    en: 'The workbook expands to more than {{limit}} MB, over the {{limit}} MB limit.',
    vi: 'Bảng tính khi giải nén lớn hơn {{limit}} MB, vượt giới hạn {{limit}} MB.',
  },
  'sheets.textExpandsTo': {
    en: 'The text of the workbook expands to {{size}} MB, over the {{limit}} MB limit. Please remove unused text or sheets, or split the file into smaller files.',
    vi: 'Phần chữ của bảng tính khi giải nén lên tới {{size}} MB, vượt giới hạn {{limit}} MB. Vui lòng xóa chữ hoặc trang tính không dùng đến, hoặc chia thành các tệp nhỏ hơn.',
  },
  'sheets.textExpandsBeyond': {
    en: 'The text of the workbook expands to more than {{limit}} MB, over the {{limit}} MB limit. Please remove unused text or sheets, or split the file into smaller files.',
    vi: 'Phần chữ của bảng tính khi giải nén lớn hơn {{limit}} MB, vượt giới hạn {{limit}} MB. Vui lòng xóa chữ hoặc trang tính không dùng đến, hoặc chia thành các tệp nhỏ hơn.',
  },
  'sheets.tooManySheetRows': {
    en: 'The workbook has more than {{max}} rows (blank ones included); it may have at most {{max}}. Please split it into smaller files.',
    vi: 'Bảng tính có hơn {{max}} dòng (kể cả dòng trống); chỉ được tối đa {{max}} dòng. Vui lòng chia thành các tệp nhỏ hơn.',
  },
  'sheets.tooManyColumns': {
    en: 'Row {{row}} has more than {{max}} columns; a sheet may have at most {{max}}. Keep only the columns of the template and upload the file again.',
    vi: 'Dòng {{row}} có hơn {{max}} cột; mỗi trang tính chỉ được tối đa {{max}} cột. Hãy chỉ giữ các cột của mẫu rồi tải tệp lên lại.',
  },
  'sheets.tooManyCells': {
    en: 'The workbook has more than {{max}} cells; it may have at most {{max}}. Please split it into smaller files.',
    vi: 'Bảng tính có hơn {{max}} ô; chỉ được tối đa {{max}} ô. Vui lòng chia thành các tệp nhỏ hơn.',
  },
  'sheets.noColumn': {
    en: 'The sheet has no column {{names}}. The first row must hold the column headers of the template.',
    vi: 'Trang tính thiếu cột {{names}}. Dòng đầu tiên phải chứa tiêu đề các cột của mẫu.',
  },
  'sheets.unreadable': {
    en: 'The Excel file could not be read. Please upload the provided template.',
    vi: 'Không đọc được tệp Excel. Vui lòng tải lên theo mẫu được cung cấp.',
  },
  'sheets.empty': {
    en: 'The workbook is empty. The first row must hold the column headers of the template.',
    vi: 'Bảng tính trống. Dòng đầu tiên phải chứa tiêu đề các cột của mẫu.',
  },
  'sheets.noRows': {
    en: 'The sheet has headers but no rows.',
    vi: 'Trang tính có tiêu đề nhưng không có dòng dữ liệu nào.',
  },
  'sheets.tooManyRows': {
    en: 'The sheet has more than {{max}} rows. Please split it into smaller files.',
    vi: 'Trang tính có hơn {{max}} dòng. Vui lòng chia thành các tệp nhỏ hơn.',
  },
});

export type SheetTextKey = keyof typeof sheetsTexts;

/**
 * A sheet text's English without the whole catalogue: the parsing worker imports this file alone
 * (`@parcelops/shared/texts/sheets`), which keeps its start quick.
 */
export function sheetEnglish(key: SheetTextKey, params?: TextParams): string {
  return fillTemplate(templateFor(sheetsTexts[key], 'en', params), params, (nested) => nested.key);
}
