import { defineTexts } from '../text.ts';

/**
 * The order import (POST /orders/import): why a row or an order of the file was not placed, beyond what the
 * order's own rules say (those are the `validation.*` and `orders.*` texts), and why a whole file was refused.
 */
export const importsTexts = defineTexts({
  'imports.differsFromRow': {
    en: 'differs from row {{row}} of the same order ({{value}})',
    vi: 'khác với dòng {{row}} của cùng đơn hàng ({{value}})',
  },
  /** The value of a blank cell, nested in `imports.differsFromRow`. */
  'imports.blank': { en: 'blank', vi: 'để trống' },
  'imports.raced': {
    en: 'Not imported: another import placed some of these order numbers at the same time. Please upload this order again.',
    vi: 'Chưa nhập: một lần nhập khác đã tạo cùng lúc một số số đơn hàng này. Vui lòng tải lên lại đơn hàng này.',
  },
  'imports.stopped': {
    en: 'Not imported: the server could not place this order. Please upload it again.',
    vi: 'Chưa nhập: máy chủ không thể tạo đơn hàng này. Vui lòng tải lên lại.',
  },
  'imports.stoppedReading': {
    en: 'Not imported: the import stopped after row {{row}}, and the rows after it were not read. Please upload them again.',
    vi: 'Chưa nhập: việc nhập đã dừng sau dòng {{row}}, các dòng sau đó chưa được đọc. Vui lòng tải lên lại các dòng đó.',
  },
  'imports.racedNothingImported': {
    en: 'Another import placed some of these order numbers at the same time; nothing was imported. Please upload the file again.',
    vi: 'Một lần nhập khác đã tạo cùng lúc một số số đơn hàng này; chưa có đơn nào được nhập. Vui lòng tải lên lại tệp.',
  },
  'imports.accountNotFound': { en: 'Account not found.', vi: 'Không tìm thấy tài khoản.' },
});
