import { defineTexts } from '../text.ts';

/** The account page's webhook calls: their refusals, and why a hook was disabled. */
export const webhooksTexts = defineTexts({
  'webhooks.noHook': {
    en: 'This account has no order status hook: set its URL on the account page first.',
    vi: 'Tài khoản này chưa có webhook trạng thái đơn hàng: hãy đặt URL trên trang tài khoản trước.',
  },
  'webhooks.deliveryNotFound': { en: 'Delivery not found.', vi: 'Không tìm thấy lần gửi.' },
  'webhooks.hookDisabled': {
    en: 'This hook is disabled: enable it again before sending events to it.',
    vi: 'Webhook này đang bị tắt: hãy bật lại trước khi gửi sự kiện tới nó.',
  },
  'webhooks.disabled.gone': {
    en: 'The receiver answered 410 Gone.',
    vi: 'Máy nhận đã trả lời 410 Gone.',
  },
  'webhooks.disabled.failing': {
    en: 'Every delivery failed for {{days}} days.',
    vi: 'Mọi lần gửi đều thất bại trong {{days}} ngày.',
  },
});
