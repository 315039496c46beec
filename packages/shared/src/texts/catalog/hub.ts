import { defineTexts } from '../text.ts';

/**
 * Hub work: the hubs' names (the one place both the server's events and the web's pickers take them from),
 * the receipt event, the scan's verdicts and the status upload's outcomes.
 */
export const hubTexts = defineTexts({
  'hub.city.SGN': { en: 'Sai Gon', vi: 'Sài Gòn' },
  'hub.city.HAN': { en: 'Ha Noi', vi: 'Hà Nội' },

  'hub.event.received': { en: 'Received at {{hub}} hub', vi: 'Đã nhận tại kho {{hub}}' },

  'hub.station.timeAhead': {
    en: "Scanned at {{at}}, more than {{minutes}} minutes ahead of the server's clock ({{now}}): check the station's clock. Nothing was done.",
    vi: 'Quét lúc {{at}}, sớm hơn đồng hồ máy chủ ({{now}}) quá {{minutes}} phút: hãy kiểm tra đồng hồ của trạm. Chưa làm gì cả.',
  },
  'hub.station.tooOld': {
    en: 'Scanned at {{at}}, more than {{days}} days ago: too old to apply. Nothing was done.',
    vi: 'Quét lúc {{at}}, đã hơn {{days}} ngày: quá cũ để áp dụng. Chưa làm gì cả.',
  },
  'hub.station.idReused': {
    en: 'Scan {{id}} was sent before with another barcode, hub, manifest or carton: nothing was done.',
    vi: 'Lượt quét {{id}} đã được gửi trước đó với mã vạch, kho, manifest hoặc thùng khác: chưa làm gì cả.',
  },
  'hub.station.invalid': {
    en: 'This scan cannot be applied ({{field}}: {{problem}}). Nothing was done.',
    vi: 'Không thể áp dụng lượt quét này ({{field}}: {{problem}}). Chưa làm gì cả.',
  },
  'hub.scan.notFound': {
    en: 'No order found with barcode {{barcode}}',
    vi: 'Không tìm thấy đơn hàng có mã vạch {{barcode}}',
  },
  'hub.scan.received': {
    en: 'Order {{orderNumber}} received at {{hub}} hub.',
    vi: 'Đã nhận đơn hàng {{orderNumber}} tại kho {{hub}}.',
  },
  'hub.scan.inManifest': {
    en: 'Order {{orderNumber}} is Processing: it is loaded into an air manifest.',
    vi: 'Đơn hàng {{orderNumber}} đang xử lý: đã được xếp vào một manifest hàng không.',
  },
  'hub.scan.departed': {
    en: 'Order {{orderNumber}} is Processed: its air manifest was filed, so it should have left the hub.',
    vi: 'Đơn hàng {{orderNumber}} đã xử lý: manifest hàng không đã nộp, kiện hàng lẽ ra đã rời kho.',
  },
  'hub.scan.delivered': {
    en: 'Order {{orderNumber}} is Delivered: it should not be at a hub.',
    vi: 'Đơn hàng {{orderNumber}} đã giao: kiện hàng không nên ở kho.',
  },
  'hub.scan.failed': {
    en: 'Order {{orderNumber}} is Failed: {{reason}}',
    vi: 'Đơn hàng {{orderNumber}} thất bại: {{reason}}',
  },
  'hub.scan.orderFailed': {
    en: 'Order {{orderNumber}} is Order Failed: {{reason}}',
    vi: 'Đơn hàng {{orderNumber}} là đơn lỗi: {{reason}}',
  },
  'hub.scan.noReason': { en: 'no reason given', vi: 'không có lý do' },
  'hub.scan.atOtherHub': {
    en: 'Order {{orderNumber}} was received at {{receivedHub}} hub{{when}}, not at {{hub}}: check where it belongs.',
    vi: 'Đơn hàng {{orderNumber}} đã được nhận tại kho {{receivedHub}}{{when}}, không phải kho {{hub}}: hãy kiểm tra kiện hàng thuộc về đâu.',
  },
  'hub.scan.already': {
    en: 'Order {{orderNumber}} was already received{{where}}{{when}}.',
    vi: 'Đơn hàng {{orderNumber}} đã được nhận trước đó{{where}}{{when}}.',
  },
  /** Fragments of the two above: where and when the parcel was first received (each may be left out). */
  'hub.scan.atHub': { en: ' at {{hub}} hub', vi: ' tại kho {{hub}}' },
  'hub.scan.onTime': { en: ' on {{at}}', vi: ' vào lúc {{at}}' },

  'hub.status.notFound': { en: 'No order has this barcode.', vi: 'Không có đơn hàng nào mang mã vạch này.' },
  'hub.status.already': { en: 'Already {{status}}.', vi: 'Đã ở trạng thái {{status}}.' },
  'hub.status.moved': { en: '{{from}} -> {{to}}', vi: '{{from}} -> {{to}}' },
  'hub.status.movedByAdmin': {
    en: '{{from}} -> {{to}} (admin correction)',
    vi: '{{from}} -> {{to}} (quản trị viên điều chỉnh)',
  },
  'hub.status.chooseStatus': { en: 'Choose a status.', vi: 'Hãy chọn một trạng thái.' },
});
