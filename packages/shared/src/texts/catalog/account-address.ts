import { defineTexts } from '../text.ts';

/**
 * An account's address (spec §3): given whole or not at all. A started address names each part it still
 * lacks, on that part's field, rather than being dropped on saving. The parts are words inside a sentence
 * (lower case in Vietnamese, where the sentence does not start with them).
 */
export const accountAddressTexts = defineTexts({
  'accountAddress.partMissing': {
    en: '{{part}} is required for the address',
    vi: 'Cần nhập {{part}} cho địa chỉ',
  },
  'accountAddress.part.name': { en: 'Address name', vi: 'tên người nhận' },
  'accountAddress.part.address1': { en: 'Address line 1', vi: 'địa chỉ dòng 1' },
  'accountAddress.part.city': { en: 'City', vi: 'thành phố' },
  'accountAddress.part.state': { en: 'State', vi: 'tỉnh/bang' },
  'accountAddress.part.postalCode': { en: 'Postal code', vi: 'mã bưu chính' },
  'accountAddress.part.country': { en: 'Country', vi: 'quốc gia' },
});
