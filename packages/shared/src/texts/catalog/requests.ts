import { defineTexts } from '../text.ts';

/**
 * What the server says about a request it cannot take at all (plugins/errors.ts, web.ts, input-guard.ts),
 * besides the common ones.
 */
export const requestTexts = defineTexts({
  'requests.noRoute': { en: 'No route {{method}} {{path}}', vi: 'Không có đường dẫn {{method}} {{path}}' },
  'requests.timeout': { en: 'The request took too long to arrive.', vi: 'Yêu cầu đến quá chậm.' },
  'requests.headersTooLarge': {
    en: 'The request headers are too large.',
    vi: 'Phần tiêu đề của yêu cầu quá lớn.',
  },
  'requests.notHttp': { en: 'The request is not valid HTTP.', vi: 'Yêu cầu không phải là HTTP hợp lệ.' },
  'requests.nul': {
    en: 'must not contain the NUL character (\\u0000)',
    vi: 'không được chứa ký tự NUL (\\u0000)',
  },
  'requests.surrogate': {
    en: 'must be valid Unicode text (it holds an unpaired surrogate)',
    vi: 'phải là văn bản Unicode hợp lệ (đang có một ký tự thay thế bị lẻ cặp)',
  },
  'requests.unsafeKey': { en: 'is a key that {{reason}}', vi: 'là một khoá {{reason}}' },
  'requests.fieldProblem': { en: '{{path}} {{problem}}.', vi: '{{path}} {{problem}}.' },
  /** A caller over CREATE_CALLS_PER_MINUTE (429 RATE_LIMITED, with Retry-After). */
  'requests.tooManyCreating': {
    en: 'Too many creating calls: at most {{max}} a minute per API key or user. Try again in {{seconds}} seconds.',
    vi: 'Quá nhiều yêu cầu tạo mới: tối đa {{max}} yêu cầu mỗi phút cho mỗi khoá API hoặc người dùng. Vui lòng thử lại sau {{seconds}} giây.',
  },
  /** Several problems in one line, the first and the rest (which may be another list). */
  'requests.list': { en: '{{first}}; {{rest}}', vi: '{{first}}; {{rest}}' },
});
