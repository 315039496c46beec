import { defineTexts } from '../text.ts';

/** Carrier vendors and their credentials. */
export const vendorTexts = defineTexts({
  'vendors.notFound': { en: 'Vendor not found.', vi: 'Không tìm thấy nhà cung cấp.' },
  'vendors.kindInvalid': {
    en: 'Vendor must be one of mul, pgl, boxc, vnpost, shipstore',
    vi: 'Loại nhà cung cấp phải là một trong mul, pgl, boxc, vnpost, shipstore',
  },
  'vendors.serviceInvalid': {
    en: 'Service must be {{first}} or {{second}}',
    vi: 'Dịch vụ phải là {{first}} hoặc {{second}}',
  },
  'vendors.nameTaken': {
    en: 'A vendor named {{name}} already exists.',
    vi: 'Đã có nhà cung cấp tên {{name}}.',
  },
  'vendors.kindFixed': {
    en: "A vendor's kind cannot be changed.",
    vi: 'Không thể đổi loại của nhà cung cấp.',
  },
  'vendors.inUse': {
    en: {
      one: 'The vendor {{name}} is used by {{count}} account and cannot be deleted.',
      other: 'The vendor {{name}} is used by {{count}} accounts and cannot be deleted.',
    },
    vi: 'Nhà cung cấp {{name}} đang được {{count}} tài khoản sử dụng nên không thể xóa.',
  },
});
