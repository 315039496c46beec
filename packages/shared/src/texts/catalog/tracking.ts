import { defineTexts } from '../text.ts';

/** The public tracking page's call. */
export const trackingTexts = defineTexts({
  'tracking.notFound': {
    en: 'No parcel found with barcode {{barcode}}',
    vi: 'Không tìm thấy bưu kiện có mã vạch {{barcode}}',
  },
  'tracking.tooMany': {
    en: 'Too many tracking lookups. Please try again in {{seconds}} seconds.',
    vi: 'Tra cứu quá nhiều lần. Vui lòng thử lại sau {{seconds}} giây.',
  },
});
