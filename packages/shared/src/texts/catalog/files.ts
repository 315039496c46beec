import { defineTexts } from '../text.ts';

/** Files the server makes: order labels (PDF). */
export const fileTexts = defineTexts({
  'files.orderFailedNoLabel': {
    en: 'Order Failed orders cannot be printed.',
    vi: 'Không thể in nhãn cho đơn hàng ở trạng thái Đơn lỗi.',
  },
});
