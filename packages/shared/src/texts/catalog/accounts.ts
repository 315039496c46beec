import { defineTexts } from '../text.ts';

/** Accounts, their order status hook, the credit ledger (refusals and the notes its rows keep). */
export const accountTexts = defineTexts({
  'accounts.notFound': { en: 'Account not found.', vi: 'Không tìm thấy tài khoản.' },
  'accounts.chooseAccount': { en: 'Please choose an account.', vi: 'Vui lòng chọn một tài khoản.' },
  'accounts.inactive': {
    en: 'The account {{name}} is inactive.',
    vi: 'Tài khoản {{name}} đã ngừng hoạt động.',
  },
  'accounts.noPermissionToChange': {
    en: 'You do not have permission to change {{fields}}.',
    vi: 'Bạn không có quyền thay đổi {{fields}}.',
  },
  'accounts.nothingToChange': {
    en: 'Nothing to change: give at least one of {{fields}} or a topup.',
    vi: 'Không có gì để thay đổi: hãy gửi ít nhất một trong các trường {{fields}} hoặc một khoản nạp.',
  },
  'accounts.unitLocked': {
    en: 'The credit unit cannot change while the credit balance is not zero.',
    vi: 'Không thể đổi đơn vị tín dụng khi số dư tín dụng chưa về 0.',
  },
  'accounts.hasOrders': {
    en: 'The account {{name}} has orders and cannot be deleted.',
    vi: 'Tài khoản {{name}} đã có đơn hàng nên không thể xóa.',
  },
  'accounts.fromAfterTo': {
    en: 'The from date must not be after the to date.',
    vi: 'Ngày bắt đầu không được sau ngày kết thúc.',
  },

  // The order status hook (lib/hook-url.ts): where the server may call.
  'accounts.hookNotUrl': {
    en: 'Order status hook must be an http(s) URL',
    vi: 'Webhook trạng thái đơn hàng phải là một URL http(s)',
  },
  'accounts.hookCredentials': {
    en: 'Order status hook may not carry a user name or password.',
    vi: 'Webhook trạng thái đơn hàng không được chứa tên người dùng hay mật khẩu.',
  },
  'accounts.hookPrivate': {
    en: 'Order status hook may not point to a private or local network address.',
    vi: 'Webhook trạng thái đơn hàng không được trỏ tới địa chỉ mạng riêng hoặc mạng nội bộ.',
  },
  'accounts.hookHostUnknown': {
    en: "Order status hook's host {{host}} could not be found; check the address.",
    vi: 'Không tìm thấy máy chủ {{host}} của webhook trạng thái đơn hàng; hãy kiểm tra lại địa chỉ.',
  },

  // The credit ledger: a change the balance cannot cover, and the notes its rows keep.
  'accounts.creditShortfall': {
    en: 'The credit balance ({{balance}}) cannot cover {{amount}}.',
    vi: 'Số dư tín dụng ({{balance}}) không đủ cho {{amount}}.',
  },
  'accounts.topupShortfall': {
    en: 'The topup would take the credit balance below zero: the balance is {{balance}} and the topup takes {{amount}}.',
    vi: 'Khoản nạp này sẽ làm số dư tín dụng bị âm: số dư là {{balance}} mà khoản nạp trừ đi {{amount}}.',
  },
  'accounts.ledger.orderCharge': { en: 'Order {{orderNumber}}', vi: 'Đơn hàng {{orderNumber}}' },
  'accounts.ledger.orderDeleted': {
    en: 'Order {{orderNumber}} deleted',
    vi: 'Đơn hàng {{orderNumber}} đã bị xóa',
  },
  'accounts.ledger.reweigh': {
    en: 'Order {{orderNumber}}: {{from}} g to {{to}} g',
    vi: 'Đơn hàng {{orderNumber}}: từ {{from}} g thành {{to}} g',
  },
});
