import { defineTexts } from '../text.ts';

/**
 * Orders: the status names (nested in other texts as `{{status}}`), the transition rules' refusals, the
 * refusals of placing, editing and deleting an order, and the words of its tracking events and history.
 */
export const ordersTexts = defineTexts({
  'orders.status.0': { en: 'Generated', vi: 'Đã tạo' },
  'orders.status.1': { en: 'Scanned', vi: 'Đã quét' },
  'orders.status.2': { en: 'Processing', vi: 'Đang xử lý' },
  'orders.status.3': { en: 'Processed', vi: 'Đã xử lý' },
  'orders.status.4': { en: 'Delivered', vi: 'Đã giao' },
  'orders.status.5': { en: 'Failed', vi: 'Thất bại' },
  'orders.status.10': { en: 'Order Failed', vi: 'Đơn lỗi' },
  'orders.status.unknown': { en: 'Unknown Status', vi: 'Trạng thái không xác định' },

  'orders.transition.backToGenerated': {
    en: 'An order never goes back to Generated: from {{from}} it can go to {{allowed}}.',
    vi: 'Đơn hàng không bao giờ quay lại trạng thái Đã tạo: từ {{from}} đơn chỉ có thể chuyển sang {{allowed}}.',
  },
  'orders.transition.finalStatus': {
    en: '{{from}} is final: only an admin, giving a reason, can move the order out of it.',
    vi: '{{from}} là trạng thái cuối: chỉ quản trị viên, kèm lý do, mới có thể chuyển đơn ra khỏi trạng thái này.',
  },
  'orders.transition.backwards': {
    en: 'From {{from}} an order can go to {{allowed}}; back to {{to}} only an admin, giving a reason, can move it.',
    vi: 'Từ {{from}} đơn hàng có thể chuyển sang {{allowed}}; chỉ quản trị viên, kèm lý do, mới có thể chuyển ngược về {{to}}.',
  },
  'orders.transition.orderFailedLate': {
    en: 'Only a Generated order can become Order Failed: from {{from}} an order can go to {{allowed}}.',
    vi: 'Chỉ đơn hàng ở trạng thái Đã tạo mới có thể chuyển thành Đơn lỗi: từ {{from}} đơn có thể chuyển sang {{allowed}}.',
  },
  // The allowed statuses a refusal names, nested: "Processed, Delivered or Failed".
  'orders.transition.either': { en: '{{a}} or {{b}}', vi: '{{a}} hoặc {{b}}' },
  'orders.transition.listMore': { en: '{{a}}, {{rest}}', vi: '{{a}}, {{rest}}' },
  'orders.transition.noOther': {
    en: 'no other status (it is final)',
    vi: 'không trạng thái nào khác (đây là trạng thái cuối)',
  },

  'orders.notFound': { en: 'Order not found.', vi: 'Không tìm thấy đơn hàng.' },
  'orders.itemNotFound': { en: 'Order item not found.', vi: 'Không tìm thấy mặt hàng của đơn.' },
  'orders.chooseAccount': { en: 'Please choose an account.', vi: 'Vui lòng chọn tài khoản.' },
  'orders.accountInactive': {
    en: 'The account {{name}} is inactive.',
    vi: 'Tài khoản {{name}} đang ngừng hoạt động.',
  },
  'orders.nothingToChange': {
    en: 'Nothing to change: give the customer details or the weight.',
    vi: 'Không có gì để thay đổi: hãy nhập thông tin khách hàng hoặc trọng lượng.',
  },
  'orders.operatorReweighOnly': {
    en: "Operators may only re-weigh an order (send the weight alone); the customer's details are corrected by an admin.",
    vi: 'Nhân viên vận hành chỉ được cân lại đơn hàng (chỉ gửi trọng lượng); thông tin khách hàng do quản trị viên sửa.',
  },
  'orders.orderFailedUnchangeable': {
    en: 'Orders in status Order Failed cannot be changed.',
    vi: 'Không thể thay đổi đơn hàng ở trạng thái Đơn lỗi.',
  },
  'orders.hsCodeUnknown': {
    en: 'The HS code {{code}} is not in the HS code table.',
    vi: 'Mã HS {{code}} không có trong bảng mã HS.',
  },
  'orders.itemNothingToChange': {
    en: "Nothing to change: give the item's description, quantity, weight, declared value, origin or HS code.",
    vi: 'Không có gì để thay đổi: hãy nhập mô tả, số lượng, khối lượng, giá trị khai báo, xuất xứ hoặc mã HS của mặt hàng.',
  },
  'orders.itemHsCodeAdminOnly': {
    en: "Only an admin may change an item's HS code.",
    vi: 'Chỉ quản trị viên mới được thay đổi mã HS của mặt hàng.',
  },
  'orders.itemsManifestSubmitted': {
    en: 'Order {{orderNumber}} is on manifest {{name}}, which is already submitted: its items can no longer change.',
    vi: 'Đơn hàng {{orderNumber}} thuộc manifest {{name}} đã được nộp: không thể thay đổi mặt hàng nữa.',
  },
  'orders.itemsFinalStatus': {
    en: 'Order {{orderNumber}} is {{status}}: its items can no longer change.',
    vi: 'Đơn hàng {{orderNumber}} đang ở trạng thái {{status}}: không thể thay đổi mặt hàng nữa.',
  },
  'orders.itemsChanged': {
    en: 'Someone else changed the items of order {{orderNumber}} meanwhile: look at them again, then save.',
    vi: 'Người khác vừa thay đổi mặt hàng của đơn hàng {{orderNumber}}: hãy xem lại rồi lưu.',
  },
  'orders.itemWeightZero': {
    en: 'The items would weigh nothing: an order needs a weight above 0 g.',
    vi: 'Các mặt hàng sẽ không có khối lượng: đơn hàng cần khối lượng lớn hơn 0 g.',
  },
  'orders.notDeletable': {
    en: 'Order {{orderNumber}} is {{status}}: only orders in status Generated can be deleted.',
    vi: 'Đơn hàng {{orderNumber}} đang ở trạng thái {{status}}: chỉ có thể xóa đơn hàng ở trạng thái Đã tạo.',
  },
  'orders.handledByHub': {
    en: 'Order {{orderNumber}} has been handled at a hub: it can no longer be deleted or refunded.',
    vi: 'Đơn hàng {{orderNumber}} đã được xử lý tại kho: không thể xóa hay hoàn tiền nữa.',
  },
  'orders.creditUnitChanged': {
    en: 'The order was charged in {{charged}}, but the account now uses {{unit}}; settle it by a topup.',
    vi: 'Đơn hàng đã được tính phí bằng {{charged}}, nhưng tài khoản hiện dùng {{unit}}; hãy điều chỉnh bằng một lần nạp tiền.',
  },
  'orders.bulkTooMany': {
    en: 'At most {{max}} orders at a time; narrow the filters or choose fewer orders.',
    vi: 'Tối đa {{max}} đơn hàng mỗi lần; hãy thu hẹp bộ lọc hoặc chọn ít đơn hơn.',
  },
  'orders.numberTaken': {
    en: 'Order number {{orderNumber}} already exists in this account.',
    vi: 'Mã đơn hàng {{orderNumber}} đã tồn tại trong tài khoản này.',
  },
  'orders.creditShort': {
    en: 'The credit balance ({{balance}}) cannot cover this order ({{cost}}).',
    vi: 'Số dư ({{balance}}) không đủ cho đơn hàng này ({{cost}}).',
  },
  'orders.reweighCreditShort': {
    en: 'The credit balance ({{balance}}) cannot cover the new weight ({{cost}} more).',
    vi: 'Số dư ({{balance}}) không đủ cho trọng lượng mới (cần thêm {{cost}}).',
  },
  'orders.weightTooLarge': {
    en: 'The chargeable weight {{weight}} g is too large.',
    vi: 'Trọng lượng tính phí {{weight}} g quá lớn.',
  },
  'orders.noPriceTable': {
    en: 'The account {{name}} has no price table.',
    vi: 'Tài khoản {{name}} chưa có bảng giá.',
  },
  'orders.priceTableEmpty': { en: 'The price table has no rows.', vi: 'Bảng giá không có dòng nào.' },
  'orders.priceOverLargest': {
    en: 'The chargeable weight {{weight}} g is over the largest weight of the price table ({{largest}} g).',
    vi: 'Trọng lượng tính phí {{weight}} g vượt quá mức cân lớn nhất của bảng giá ({{largest}} g).',
  },
  'orders.priceInvalidWeight': {
    en: 'The chargeable weight {{weight}} is not a weight in grams.',
    vi: 'Trọng lượng tính phí {{weight}} không phải là số gam hợp lệ.',
  },

  /** Tracking events: the status names serve as the events of a status upload. */
  'orders.event.created': { en: 'Order created', vi: 'Đã tạo đơn hàng' },
  'orders.event.adminCorrection': {
    en: '{{event}} (admin correction: {{reason}})',
    vi: '{{event}} (quản trị viên điều chỉnh: {{reason}})',
  },

  /** An order's history besides its status changes (GET /orders/{sid}/history). */
  'orders.history.reweighed': {
    en: 'Re-weighed from {{from}} g to {{to}} g',
    vi: 'Cân lại từ {{from}} g thành {{to}} g',
  },
  'orders.history.deleted': { en: 'Order deleted', vi: 'Đã xóa đơn hàng' },
  'orders.history.hsCodeChanged': {
    en: "An item's HS code changed",
    vi: 'Mã HS của một mặt hàng đã thay đổi',
  },
  'orders.history.itemEdited': {
    en: 'Item {{sku}} edited: {{fields}}',
    vi: 'Đã sửa mặt hàng {{sku}}: {{fields}}',
  },
  'orders.history.customerEdited': {
    en: 'Customer details edited: {{fields}}',
    vi: 'Đã sửa thông tin khách hàng: {{fields}}',
  },
});
