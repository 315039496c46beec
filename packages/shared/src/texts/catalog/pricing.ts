import { defineTexts } from '../text.ts';

/** Price tables and the rows of an uploaded price sheet. */
export const pricingTexts = defineTexts({
  'pricing.notFound': { en: 'Price table not found.', vi: 'Không tìm thấy bảng giá.' },
  'pricing.nameTaken': {
    en: 'A price table named {{name}} already exists.',
    vi: 'Đã có bảng giá tên {{name}}.',
  },
  'pricing.nameFixed': { en: "A price table's name cannot be changed.", vi: 'Không thể đổi tên bảng giá.' },
  'pricing.inUse': {
    en: {
      one: 'The price table {{name}} is used by {{count}} account and cannot be deleted.',
      other: 'The price table {{name}} is used by {{count}} accounts and cannot be deleted.',
    },
    vi: 'Bảng giá {{name}} đang được {{count}} tài khoản sử dụng nên không thể xóa.',
  },
  'pricing.weightNotWhole': {
    en: 'must be a whole number of grams above 0',
    vi: 'phải là số gam nguyên lớn hơn 0',
  },
  'pricing.weightRepeated': {
    en: 'the weight {{weight}} is already on row {{row}}',
    vi: 'khối lượng {{weight}} đã có ở dòng {{row}}',
  },
  'pricing.priceNotNumber': { en: 'must be a number, 0 or more', vi: 'phải là một số từ 0 trở lên' },
});
