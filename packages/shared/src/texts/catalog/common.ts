import { defineTexts } from '../text.ts';

/** Texts any route may answer with: the error handler's own, and generic refusals. */
export const commonTexts = defineTexts({
  'common.internal': {
    en: 'Something went wrong on our side. Please try again.',
    vi: 'Đã có lỗi ở phía chúng tôi. Vui lòng thử lại.',
  },
  'common.databaseUnavailable': {
    en: 'The database is not reachable right now. Try again in a moment.',
    vi: 'Hiện không kết nối được cơ sở dữ liệu. Vui lòng thử lại sau giây lát.',
  },
  'common.forbidden': {
    en: 'You do not have permission to do that.',
    vi: 'Bạn không có quyền thực hiện thao tác này.',
  },
  'common.sessionExpired': {
    en: 'Your session has expired. Please log in and try again.',
    vi: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại và thử lại.',
  },
  'common.requestTooLarge': { en: 'The request is too large.', vi: 'Yêu cầu quá lớn.' },
  'common.invalidJson': {
    en: 'The request body is not valid JSON.',
    vi: 'Nội dung yêu cầu không phải JSON hợp lệ.',
  },
  'common.wrongMediaType': {
    en: 'Send the body as application/json (uploads as multipart/form-data).',
    vi: 'Hãy gửi nội dung dạng application/json (tệp tải lên dạng multipart/form-data).',
  },
  'common.badUrlEscape': {
    en: 'The address holds a malformed %-escape.',
    vi: 'Địa chỉ chứa mã %-escape không hợp lệ.',
  },
  'common.urlPartTooLong': { en: 'A part of the address is too long.', vi: 'Một phần của địa chỉ quá dài.' },
  'common.invalidFields': {
    en: '{{count}} fields are not valid: {{list}}',
    vi: '{{count}} trường không hợp lệ: {{list}}',
  },
  'common.invalidValue': { en: 'is not valid', vi: 'không hợp lệ' },
  /** A text the server has no key for yet: the English stands as it is in both languages. */
  'common.plain': { en: '{{text}}', vi: '{{text}}' },
});
