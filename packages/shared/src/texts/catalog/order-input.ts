import { defineTexts } from '../text.ts';

/** The rules of order input (orders/*.schemas.ts, item-customs.ts) beyond the generic validation texts. */
export const orderInputTexts = defineTexts({
  'orderInput.noItems': {
    en: 'You must provide at least one item.',
    vi: 'Bạn phải nhập ít nhất một mặt hàng.',
  },
  'orderInput.tooManyItems': {
    en: 'An order may have at most {{max}} items.',
    vi: 'Một đơn hàng chỉ được có tối đa {{max}} mặt hàng.',
  },
  'orderInput.weightAtLeastOneGram': {
    en: 'Weight must be at least 1 gram',
    vi: 'Khối lượng phải từ 1 gam trở lên',
  },
  'orderInput.chooseOrders': { en: 'Choose at least one order.', vi: 'Hãy chọn ít nhất một đơn hàng.' },
  'orderInput.tooManyOrders': {
    en: 'At most {{max}} orders at a time.',
    vi: 'Mỗi lần chỉ được tối đa {{max}} đơn hàng.',
  },
  'orderInput.sidsOrFilter': {
    en: 'Send either sids or filter.',
    vi: 'Hãy gửi một trong hai: sids hoặc filter.',
  },
  'orderInput.chooseStatus': { en: 'Choose a status.', vi: 'Hãy chọn một trạng thái.' },
  'orderInput.statusNotOrderFailed': {
    en: 'Choose a status other than Order Failed.',
    vi: 'Hãy chọn một trạng thái khác Đơn lỗi.',
  },
  'orderInput.reasonForFailed': {
    en: 'A reason is required for Failed.',
    vi: 'Trạng thái Thất bại cần có lý do.',
  },
  'orderInput.giveBarcode': { en: 'Please give a barcode.', vi: 'Vui lòng nhập mã vạch.' },
  'orderInput.scanOne': { en: 'Please scan at least one barcode.', vi: 'Vui lòng quét ít nhất một mã vạch.' },
  'orderInput.originFormat': {
    en: 'Origin country must be a two-letter ISO 3166 code, such as VN',
    vi: 'Nước xuất xứ phải là mã ISO 3166 gồm hai chữ cái, ví dụ VN',
  },
  'orderInput.originUnknown': {
    en: 'Origin country {{code}} is not an ISO 3166 country code',
    vi: 'Nước xuất xứ {{code}} không phải là mã quốc gia ISO 3166',
  },
});
