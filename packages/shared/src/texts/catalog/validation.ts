import { defineTexts } from '../text.ts';

/**
 * What input validation says (texts/issues.ts): the shared schemas' own rules with the field's label as a
 * nested text (`{{label}}` is a `field.*` entry), and zod's own issues by code, with their limits, worded
 * exactly as zod's English so the key never says other than the msg beside it.
 */
export const validationTexts = defineTexts({
  'validation.required': { en: '{{label}} is required', vi: '{{label}} không được để trống' },
  'validation.mustBeText': { en: '{{label}} must be text', vi: '{{label}} phải là văn bản' },
  'validation.hiddenControls': {
    en: '{{label}} must not contain control or text-direction characters',
    vi: '{{label}} không được chứa ký tự điều khiển hoặc ký tự đổi chiều văn bản',
  },
  'validation.hiddenControlsHere': {
    en: 'must not contain control or text-direction characters',
    vi: 'không được chứa ký tự điều khiển hoặc ký tự đổi chiều văn bản',
  },
  'validation.maxChars': {
    en: '{{label}} must be at most {{max}} characters',
    vi: '{{label}} chỉ được dài tối đa {{max}} ký tự',
  },
  'validation.minChars': {
    en: '{{label}} must be at least {{min}} characters',
    vi: '{{label}} phải dài ít nhất {{min}} ký tự',
  },
  'validation.atMostChars': {
    en: 'must be at most {{max}} characters',
    vi: 'chỉ được dài tối đa {{max}} ký tự',
  },
  'validation.mustBeNumber': { en: '{{label}} must be a number', vi: '{{label}} phải là một số' },
  'validation.zeroOrMore': { en: '{{label}} must be 0 or more', vi: '{{label}} phải từ 0 trở lên' },
  'validation.atMost': {
    en: '{{label}} must be at most {{max}}',
    vi: '{{label}} không được lớn hơn {{max}}',
  },
  'validation.atLeast': { en: '{{label}} must be at least {{min}}', vi: '{{label}} phải từ {{min}} trở lên' },
  'validation.moreThan': { en: '{{label}} must be more than {{min}}', vi: '{{label}} phải lớn hơn {{min}}' },
  'validation.tooLarge': { en: '{{label}} is too large', vi: '{{label}} quá lớn' },
  'validation.wholeGrams': { en: '{{label}} must be whole grams', vi: '{{label}} phải là số gam nguyên' },
  'validation.notValid': { en: '{{label}} is not valid', vi: '{{label}} không hợp lệ' },
  'validation.trueOrFalse': {
    en: '{{label}} must be true or false',
    vi: '{{label}} phải là true hoặc false',
  },
  'validation.notADate': {
    en: '{{value}} is not a date (use YYYY-MM-DD)',
    vi: '{{value}} không phải là ngày (hãy dùng dạng YYYY-MM-DD)',
  },
  'validation.dateFormat': {
    en: '{{label}} must be a date as YYYY-MM-DD',
    vi: '{{label}} phải là ngày dạng YYYY-MM-DD',
  },
  'validation.wholeNumber': { en: '{{label}} must be a whole number', vi: '{{label}} phải là số nguyên' },
  'validation.twoDecimals': {
    en: '{{label}} may have at most 2 decimals',
    vi: '{{label}} chỉ được có tối đa 2 chữ số thập phân',
  },
  'validation.dateTime': { en: '{{label}} must be a date and time', vi: '{{label}} phải là ngày và giờ' },
  // zod's own issues, by code, exactly as zod's English locale words them.
  'validation.invalidInput': { en: 'Invalid input', vi: 'Giá trị không hợp lệ' },
  'validation.invalidType': {
    en: 'Invalid input: expected {{expected}}, received {{received}}',
    vi: 'Giá trị không hợp lệ: cần {{expected}}, nhận được {{received}}',
  },
  'validation.expectedValue': {
    en: 'Invalid input: expected {{value}}',
    vi: 'Giá trị không hợp lệ: cần {{value}}',
  },
  'validation.invalidOption': {
    en: 'Invalid option: expected one of {{values}}',
    vi: 'Lựa chọn không hợp lệ: cần một trong {{values}}',
  },
  'validation.tooSmallSize': {
    en: 'Too small: expected {{origin}} to have {{relation}}{{limit}} {{unit}}',
    vi: 'Quá ngắn: {{origin}} cần có {{relation}}{{limit}} {{unit}}',
  },
  'validation.tooSmallValue': {
    en: 'Too small: expected {{origin}} to be {{relation}}{{limit}}',
    vi: 'Quá nhỏ: {{origin}} cần {{relation}}{{limit}}',
  },
  'validation.tooBigSize': {
    en: 'Too big: expected {{origin}} to have {{relation}}{{limit}} {{unit}}',
    vi: 'Quá dài: {{origin}} cần có {{relation}}{{limit}} {{unit}}',
  },
  'validation.tooBigValue': {
    en: 'Too big: expected {{origin}} to be {{relation}}{{limit}}',
    vi: 'Quá lớn: {{origin}} cần {{relation}}{{limit}}',
  },
  'validation.exactly': { en: 'exactly ', vi: 'đúng ' },
  'validation.invalidFormat': { en: 'Invalid {{format}}', vi: '{{format}} không hợp lệ' },
  'validation.pattern': {
    en: 'Invalid string: must match pattern {{pattern}}',
    vi: 'Chuỗi không hợp lệ: phải khớp mẫu {{pattern}}',
  },
  'validation.notMultipleOf': {
    en: 'Invalid number: must be a multiple of {{divisor}}',
    vi: 'Số không hợp lệ: phải là bội số của {{divisor}}',
  },
  'validation.unrecognizedKeys': {
    en: { one: 'Unrecognized key: {{keys}}', other: 'Unrecognized keys: {{keys}}' },
    vi: 'Không nhận trường: {{keys}}',
  },

  // The words zod's messages name a value by (origin, unit, format), in both languages.
  'validation.kind.string': { en: 'string', vi: 'chuỗi' },
  'validation.kind.number': { en: 'number', vi: 'số' },
  'validation.kind.array': { en: 'array', vi: 'danh sách' },
  'validation.kind.date': { en: 'date', vi: 'ngày' },
  'validation.kind.file': { en: 'file', vi: 'tệp' },
  'validation.kind.value': { en: 'value', vi: 'giá trị' },
  'validation.unit.characters': { en: 'characters', vi: 'ký tự' },
  'validation.unit.items': { en: 'items', vi: 'phần tử' },
  'validation.unit.bytes': { en: 'bytes', vi: 'byte' },
  'validation.format.email': { en: 'email address', vi: 'Địa chỉ email' },
  'validation.format.url': { en: 'URL', vi: 'URL' },
  'validation.format.uuid': { en: 'UUID', vi: 'UUID' },
  'validation.format.datetime': { en: 'ISO datetime', vi: 'Ngày giờ ISO' },
  'validation.format.date': { en: 'ISO date', vi: 'Ngày ISO' },
});
