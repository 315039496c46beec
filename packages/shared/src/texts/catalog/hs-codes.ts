import { defineTexts } from '../text.ts';

/** The HS code table. */
export const hsCodeTexts = defineTexts({
  'hsCodes.notFound': { en: 'HS code not found.', vi: 'Không tìm thấy mã HS.' },
  'hsCodes.taken': { en: 'The HS code {{code}} already exists.', vi: 'Mã HS {{code}} đã tồn tại.' },
  'hsCodes.characters': {
    en: 'HS code may contain digits, letters, dots and dashes only',
    vi: 'Mã HS chỉ được gồm chữ số, chữ cái, dấu chấm và dấu gạch ngang',
  },
});
