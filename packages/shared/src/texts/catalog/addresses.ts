import { defineTexts } from '../text.ts';

/**
 * Destinations (issue 21 item 4): the recipient's country, US state and ZIP code (addresses/), and the order
 * that weighs nothing (a chargeable weight of 0 g cannot be priced or shipped).
 */
export const addressTexts = defineTexts({
  'addresses.country.useCode': {
    en: 'Use the country code {{code}} for {{given}}',
    vi: 'Hãy dùng mã quốc gia {{code}} thay cho "{{given}}"',
  },
  'addresses.country.notDestination': {
    en: '{{given}} is not a destination: orders ship to the United States only (country code US)',
    vi: '{{given}} không phải là nơi nhận hàng: đơn hàng chỉ gửi đến Hoa Kỳ (mã quốc gia US)',
  },
  'addresses.country.unknown': {
    en: '{{given}} is not a country code: orders ship to the United States only (country code US)',
    vi: '{{given}} không phải là mã quốc gia: đơn hàng chỉ gửi đến Hoa Kỳ (mã quốc gia US)',
  },
  'addresses.country.usState': {
    en: '{{given}} is addressed as a US state: use the country code US and the state code {{state}}',
    vi: '{{given}} được gửi như một bang của Hoa Kỳ: hãy dùng mã quốc gia US và mã bang {{state}}',
  },
  'addresses.state.useCode': {
    en: 'Use the state code {{code}} for {{given}}',
    vi: 'Hãy dùng mã bang {{code}} thay cho "{{given}}"',
  },
  'addresses.state.unknown': {
    en: '{{given}} is not a US state code: use its two-letter USPS code, such as CA or NY',
    vi: '{{given}} không phải là mã bang của Hoa Kỳ: hãy dùng mã USPS gồm hai chữ cái, ví dụ CA hoặc NY',
  },
  'addresses.zip.format': {
    en: '{{given}} is not a ZIP code: use 5 digits (90001) or ZIP+4 (90001-1234)',
    vi: '{{given}} không phải là mã ZIP: hãy dùng 5 chữ số (90001) hoặc ZIP+4 (90001-1234)',
  },
  'addresses.zip.leadingZero': {
    en: '{{given}} is not a ZIP code: ZIP codes have 5 digits (did a spreadsheet drop the leading zero of {{suggestion}}?)',
    vi: '{{given}} không phải là mã ZIP: mã ZIP có 5 chữ số (có phải bảng tính đã bỏ mất số 0 ở đầu của {{suggestion}}?)',
  },
  'addresses.zip.unknown': {
    en: '{{zip}} is not a known US ZIP code: check the address',
    vi: '{{zip}} không phải là mã ZIP đã biết của Hoa Kỳ: hãy kiểm tra lại địa chỉ',
  },
  'addresses.zip.otherState': {
    en: '{{zip}} is in {{zipState}}, not {{state}}',
    vi: '{{zip}} thuộc bang {{zipState}}, không phải {{state}}',
  },
  'orderWeight.zero': {
    en: 'The chargeable weight is 0 g: give each item its weight or measures (or declare its SKU with them), so the order can be priced.',
    vi: 'Trọng lượng tính phí là 0 g: hãy nhập trọng lượng hoặc kích thước cho từng sản phẩm (hoặc khai báo SKU kèm các số đo đó) để đơn hàng được tính giá.',
  },
  'orderWeight.zeroReweigh': {
    en: 'A parcel cannot weigh 0 g: give its weight in whole grams, 1 or more.',
    vi: 'Kiện hàng không thể nặng 0 g: hãy nhập trọng lượng bằng số gam nguyên, từ 1 trở lên.',
  },
});
