import { defineTexts } from '../text.ts';

/** Batch orders: refusals of the batch calls and the reasons a batch failed (its bad rows have their own). */
export const batchTexts = defineTexts({
  'batch.notFound': { en: 'Batch order not found.', vi: 'Không tìm thấy đơn hàng theo lô.' },
  'batch.nameRequired': { en: 'Batch name is required', vi: 'Cần nhập tên lô' },
  'batch.failedHasNoOrders': {
    en: 'This batch failed: it has no orders. Fix the file and upload it as a new batch.',
    vi: 'Lô này đã thất bại: không có đơn hàng nào. Hãy sửa tệp và tải lên thành một lô mới.',
  },
  'batch.stillProcessing': {
    en: 'This batch is still being processed. Please try again when it has finished.',
    vi: 'Lô này vẫn đang được xử lý. Vui lòng thử lại khi xử lý xong.',
  },
  'batch.noErrorSheet': {
    en: 'Only a failed batch with bad rows has a sheet with errors.',
    vi: 'Chỉ lô thất bại có dòng lỗi mới có bảng tính kèm lỗi.',
  },
  'batch.fileGone': { en: 'The batch file is no longer kept.', vi: 'Tệp của lô không còn được lưu.' },
  /** "Run again" refused (BATCH_NOT_RUNNABLE): the batch's status, as the screens name it. */
  'batch.notRunnableRunning': {
    en: 'This batch is Processing: it is already running. Wait for it to finish; only a failed or checked batch can be run again.',
    vi: 'Lô này đang ở trạng thái Đang xử lý: lô đang chạy. Hãy chờ xử lý xong; chỉ lô thất bại hoặc đã kiểm tra mới chạy lại được.',
  },
  'batch.notRunnableDone': {
    en: 'This batch is Processed: its orders are already placed, so it cannot be run again.',
    vi: 'Lô này đã ở trạng thái Đã xử lý: các đơn hàng đã được tạo nên không thể chạy lại.',
  },
  /** The account's batch quotas (BATCHES_IN_PROGRESS_MAX, BATCH_FILES_MAX_MB), at creation and "Run again". */
  'batch.tooManyInProgress': {
    en: 'Too many batches in progress: at most {{max}} at a time. Wait for one to finish.',
    vi: 'Quá nhiều lô đang xử lý: tối đa {{max}} lô cùng lúc. Hãy chờ một lô xử lý xong.',
  },
  'batch.storageFull': {
    en: 'Stored batch files of this account are over {{max}} MB with this file ({{used}} MB kept). Files of finished batches are dropped after {{days}} days; wait for batches in progress to finish, or upload a smaller file.',
    vi: 'Tệp lô đang lưu của tài khoản này vượt quá {{max}} MB nếu thêm tệp này ({{used}} MB đang lưu). Tệp của lô đã xong được xoá sau {{days}} ngày; hãy chờ các lô đang xử lý xong, hoặc tải lên tệp nhỏ hơn.',
  },

  /** Why a batch failed (its reason). */
  'batch.accountInactive': {
    en: 'The account {{name}} is inactive: nothing was placed. Run the batch again once it is active.',
    vi: 'Tài khoản {{name}} đang ngừng hoạt động: không đơn hàng nào được tạo. Hãy chạy lại lô khi tài khoản hoạt động trở lại.',
  },
  'batch.fileMissing': {
    en: 'The batch file is missing: please upload it again.',
    vi: 'Không tìm thấy tệp của lô: vui lòng tải lên lại.',
  },
  'batch.creditShort': {
    en: 'The credit balance ({{balance}}) cannot cover this batch ({{cost}}). Nothing was placed and nothing was charged: top up the credit, then run the batch again (its file is kept).',
    vi: 'Số dư ({{balance}}) không đủ cho lô này ({{cost}}). Không đơn hàng nào được tạo và không bị trừ tiền: hãy nạp thêm tiền rồi chạy lại lô (tệp vẫn được lưu).',
  },
  'batch.rowsHaveProblems': {
    en: {
      one: '{{count}} row has problems; nothing was placed. The list below names them.',
      other: '{{count}} rows have problems; nothing was placed. The list below names them.',
    },
    vi: '{{count}} dòng có lỗi; không đơn hàng nào được tạo. Danh sách bên dưới nêu từng lỗi.',
  },
  'batch.gaveUp': {
    en: 'The server could not place this batch after several attempts; nothing was placed and nothing was charged. Please run it again.',
    vi: 'Máy chủ không thể xử lý lô này sau nhiều lần thử; không đơn hàng nào được tạo và không bị trừ tiền. Vui lòng chạy lại lô.',
  },
});
