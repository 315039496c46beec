import { defineTexts } from '../text.ts';

/**
 * Air manifests: refusals of the AMS calls and of a scan into one, the filing's findings (what stops it and
 * what only the broker needs), the filing's outcome, and the tracking events of loading, removal and departure.
 */
export const amsTexts = defineTexts({
  'ams.notFound': { en: 'AMS not found.', vi: 'Không tìm thấy AMS.' },
  'ams.submittedUnchangeable': {
    en: 'AMS {{name}} was submitted: it can no longer be changed.',
    vi: 'AMS {{name}} đã được nộp: không thể thay đổi nữa.',
  },
  'ams.beingSubmitted': {
    en: 'AMS {{name}} is being submitted: try again when that has finished.',
    vi: 'AMS {{name}} đang được nộp: hãy thử lại khi việc nộp hoàn tất.',
  },
  'ams.mawbTaken': {
    en: 'Master air waybill {{mawb}} is already used by AMS {{name}} (created {{created}}).',
    vi: 'Vận đơn chủ {{mawb}} đã được dùng cho AMS {{name}} (tạo ngày {{created}}).',
  },
  'ams.nothingToChange': {
    en: 'Nothing to change: give at least one field.',
    vi: 'Không có gì để thay đổi: hãy nhập ít nhất một trường.',
  },
  'ams.onlyFailedResets': {
    en: 'Only a failed filing can be set back to initiated, to file it again.',
    vi: 'Chỉ lần nộp thất bại mới có thể đặt lại về initiated để nộp lại.',
  },
  'ams.submittedUndeletable': {
    en: 'AMS {{name}} was submitted: it cannot be deleted.',
    vi: 'AMS {{name}} đã được nộp: không thể xóa.',
  },
  'ams.chooseAms': { en: 'Choose the AMS to load.', vi: 'Hãy chọn AMS để xếp hàng vào.' },
  'ams.batchProgressNotFound': {
    en: 'No batch upload of yours is running under this id.',
    vi: 'Không có lượt tải lên hàng loạt nào của bạn đang chạy với mã này.',
  },
  'ams.fileEmpty': {
    en: 'The file has no rows of barcodes and carton labels.',
    vi: 'Tệp không có dòng nào chứa mã vạch và nhãn thùng.',
  },

  'ams.orderNotFound': {
    en: 'No order has barcode {{barcode}}.',
    vi: 'Không có đơn hàng nào mang mã vạch {{barcode}}.',
  },
  'ams.closed': {
    en: 'AMS {{name}} is closed: parcels can no longer be added.',
    vi: 'AMS {{name}} đã đóng: không thể thêm kiện hàng nữa.',
  },
  'ams.mawbMismatch': {
    en: "The master air waybill {{mawb}} is not AMS {{name}}'s ({{amsMawb}}).",
    vi: 'Vận đơn chủ {{mawb}} không phải của AMS {{name}} ({{amsMawb}}).',
  },
  'ams.inOtherAms': {
    en: 'Parcel {{barcode}} is already in AMS {{name}} ({{mawb}}).',
    vi: 'Kiện hàng {{barcode}} đã nằm trong AMS {{name}} ({{mawb}}).',
  },
  'ams.inUnknownAms': {
    en: 'Parcel {{barcode}} is already in AMS {{name}}.',
    vi: 'Kiện hàng {{barcode}} đã nằm trong AMS {{name}}.',
  },
  'ams.notLoadable': {
    en: 'Parcel {{barcode}} is {{status}}: it cannot be loaded into an AMS.',
    vi: 'Kiện hàng {{barcode}} đang ở trạng thái {{status}}: không thể xếp vào AMS.',
  },
  'ams.notLoadableBecause': {
    en: 'Parcel {{barcode}} is {{status}} ("{{reason}}"): it cannot be loaded into an AMS.',
    vi: 'Kiện hàng {{barcode}} đang ở trạng thái {{status}} ("{{reason}}"): không thể xếp vào AMS.',
  },
  'ams.inOtherAmsSetAside': {
    en: 'Parcel {{barcode}} is already in AMS {{name}} ({{mawb}}); the hub had set it aside as Failed: "{{reason}}".',
    vi: 'Kiện hàng {{barcode}} đã nằm trong AMS {{name}} ({{mawb}}); kho đã để riêng kiện này là Thất bại: "{{reason}}".',
  },
  /** A parcel the hub set aside (Failed) scanned into a manifest: refused unless an admin gives a reason. */
  'ams.setAside': {
    en: '{{barcode}} was set aside as Failed: "{{reason}}".',
    vi: '{{barcode}} đã bị kho để riêng là Thất bại: "{{reason}}".',
  },
  'ams.setAsideNoReason': {
    en: '{{barcode}} was set aside as Failed.',
    vi: '{{barcode}} đã bị kho để riêng là Thất bại.',
  },
  'ams.setAsideAdminMay': {
    en: '{{refusal}} An admin may load it by giving a reason.',
    vi: '{{refusal}} Quản trị viên có thể xếp kiện này vào AMS khi nêu lý do.',
  },
  'ams.notInAms': {
    en: 'Parcel {{barcode}} is not in an AMS.',
    vi: 'Kiện hàng {{barcode}} không nằm trong AMS nào.',
  },
  'ams.removeWhich': {
    en: 'Give a master air waybill or a carton label: the parcels of which to remove.',
    vi: 'Hãy nhập vận đơn chủ hoặc nhãn thùng của các kiện hàng cần gỡ ra.',
  },
  'ams.cartonNeedsAms': {
    en: 'A carton label names a carton of one AMS: give its ams_sid too.',
    vi: 'Nhãn thùng chỉ một thùng của một AMS: hãy gửi kèm ams_sid của AMS đó.',
  },
  'ams.noSuchCarton': {
    en: 'No parcel of AMS {{name}} has carton label {{label}}.',
    vi: 'Không có kiện hàng nào của AMS {{name}} mang nhãn thùng {{label}}.',
  },
  'ams.zeroWeight': {
    en: 'A parcel of 0 g cannot be priced or filed: weigh it again and give its grams.',
    vi: 'Kiện hàng 0 g không thể tính giá hay khai báo: hãy cân lại và nhập số gam.',
  },

  'ams.cannotFile': {
    en: {
      one: 'AMS {{name}} cannot be filed: {{count}} problem to fix first.',
      other: 'AMS {{name}} cannot be filed: {{count}} problems to fix first.',
    },
    vi: 'AMS {{name}} chưa thể nộp: cần sửa {{count}} lỗi trước.',
  },
  'ams.submittingAlready': {
    en: 'AMS {{name}} is being submitted already.',
    vi: 'AMS {{name}} đang được nộp rồi.',
  },
  'ams.submittedAlready': { en: 'AMS {{name}} was submitted already.', vi: 'AMS {{name}} đã được nộp rồi.' },
  'ams.filingFailedReset': {
    en: "AMS {{name}}'s filing failed: set it back to initiated to file it again.",
    vi: 'Lần nộp AMS {{name}} đã thất bại: hãy đặt lại về initiated để nộp lại.',
  },
  'ams.noParcels': {
    en: 'AMS {{name}} has no parcels to file.',
    vi: 'AMS {{name}} không có kiện hàng nào để nộp.',
  },
  'ams.noManifestFile': {
    en: 'This AMS has no manifest file yet: submit it first.',
    vi: 'AMS này chưa có tệp manifest: hãy nộp trước.',
  },
  'ams.notFiledProblems': {
    en: {
      one: 'Not filed: {{count}} problem appeared since it was submitted; fix it and submit again.',
      other: 'Not filed: {{count}} problems appeared since it was submitted; fix them and submit again.',
    },
    vi: 'Chưa nộp: phát sinh {{count}} lỗi kể từ khi gửi nộp; hãy sửa rồi nộp lại.',
  },
  'ams.adapterFailed': {
    en: 'The filing adapter failed: {{error}}',
    vi: 'Bộ phận nộp khai báo gặp lỗi: {{error}}',
  },
  'ams.filingGaveUp': {
    en: 'The server could not file this AMS after several attempts; submit it again.',
    vi: 'Máy chủ không thể nộp AMS này sau nhiều lần thử; hãy nộp lại.',
  },

  /** The filing's findings (packages/shared ams/reconciliation.ts). */
  'ams.finding.nameTooLong': {
    en: 'Consignee name is {{length}} characters; customs takes at most {{max}}.',
    vi: 'Tên người nhận dài {{length}} ký tự; hải quan chỉ nhận tối đa {{max}}.',
  },
  'ams.finding.streetTooLong': {
    en: 'Street is {{length}} characters; customs takes at most {{max}}.',
    vi: 'Địa chỉ đường dài {{length}} ký tự; hải quan chỉ nhận tối đa {{max}}.',
  },
  'ams.finding.cityTooLong': {
    en: 'City is {{length}} characters; customs takes at most {{max}}.',
    vi: 'Tên thành phố dài {{length}} ký tự; hải quan chỉ nhận tối đa {{max}}.',
  },
  'ams.finding.noPhone': {
    en: 'The consignee has no phone number.',
    vi: 'Người nhận không có số điện thoại.',
  },
  'ams.finding.zeroWeight': {
    en: 'The parcel weighs 0 g: weigh it.',
    vi: 'Kiện hàng nặng 0 g: hãy cân lại.',
  },
  'ams.finding.noHsCode': { en: 'Item {{sku}} has no HS code.', vi: 'Mặt hàng {{sku}} chưa có mã HS.' },
  'ams.finding.shortHsCode': {
    en: 'Item {{sku}}: HS code {{code}} has fewer than 6 digits.',
    vi: 'Mặt hàng {{sku}}: mã HS {{code}} có ít hơn 6 chữ số.',
  },
  'ams.finding.noDescription': {
    en: 'Item {{sku}} has no description.',
    vi: 'Mặt hàng {{sku}} chưa có mô tả.',
  },
  'ams.finding.descriptionTooLong': {
    en: 'Item {{sku}}: the description is {{length}} characters; customs takes at most {{max}}.',
    vi: 'Mặt hàng {{sku}}: mô tả dài {{length}} ký tự; hải quan chỉ nhận tối đa {{max}}.',
  },
  'ams.finding.vagueDescription': {
    en: 'Item {{sku}}: "{{description}}" is too vague for US Customs; say what the goods are.',
    vi: 'Mặt hàng {{sku}}: "{{description}}" quá chung chung với Hải quan Hoa Kỳ; hãy ghi rõ đó là hàng gì.',
  },
  'ams.finding.noDeclaredValue': {
    en: 'Item {{sku}} has no declared value (USD).',
    vi: 'Mặt hàng {{sku}} chưa có giá trị khai báo (USD).',
  },
  'ams.finding.noOrigin': {
    en: 'Item {{sku}} has no country of origin.',
    vi: 'Mặt hàng {{sku}} chưa có nước xuất xứ.',
  },

  /** Tracking events of a parcel's manifest. */
  'ams.station.alreadyIn': {
    en: 'Parcel {{barcode}} is in carton {{carton}} of this AMS already.',
    vi: 'Kiện {{barcode}} đã ở trong thùng {{carton}} của AMS này.',
  },
  'ams.event.loaded': { en: 'Loaded into manifest {{mawb}}', vi: 'Đã xếp vào manifest {{mawb}}' },
  'ams.event.removed': { en: 'Removed from manifest {{mawb}}', vi: 'Đã gỡ khỏi manifest {{mawb}}' },
  'ams.event.loadedSetAside': {
    en: "Loaded into manifest {{mawb}} although set aside as Failed (admin's reason: {{reason}})",
    vi: 'Đã xếp vào manifest {{mawb}} dù đã bị để riêng là Thất bại (lý do của quản trị viên: {{reason}})',
  },
  /** The order's history when a parcel is scanned into the same manifest with another carton label. */
  'ams.history.cartonMoved': {
    en: 'Moved from carton {{from}} to carton {{to}}',
    vi: 'Đã chuyển từ thùng {{from}} sang thùng {{to}}',
  },
  'ams.event.departed': { en: 'Departed {{hub}}', vi: 'Đã rời {{hub}}' },
});
