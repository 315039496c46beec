import { defineTexts } from '../text.ts';

/** Item declarations, one at a time or from a sheet. */
export const declarationTexts = defineTexts({
  'declarations.notFound': { en: 'Item declaration not found.', vi: 'Không tìm thấy khai báo hàng hoá.' },
  'declarations.skuTaken': {
    en: 'The SKU {{sku}} already has a declaration in this account.',
    vi: 'SKU {{sku}} đã được khai báo trong tài khoản này.',
  },
  'declarations.unknownHsCode': {
    en: 'The HS code {{code}} is not in the HS code table.',
    vi: 'Mã HS {{code}} không có trong bảng mã HS.',
  },
  'declarations.skuRepeated': {
    en: 'the SKU {{sku}} is already on row {{row}}',
    vi: 'SKU {{sku}} đã có ở dòng {{row}}',
  },
});
