import { defineTexts } from '../text.ts';

/** The rules of AMS input (ams/ams.schemas.ts, ams/mawb.ts) beyond the generic validation texts. */
export const amsInputTexts = defineTexts({
  'amsInput.mawbFormat': {
    en: 'Master air waybill must be a 3-digit airline prefix and an 8-digit number, e.g. 157-12345675.',
    vi: 'Vận đơn hàng không chủ phải gồm mã hãng bay 3 chữ số và một số 8 chữ số, ví dụ 157-12345675.',
  },
  'amsInput.mawbCheckDigit': {
    en: 'Master air waybill {{mawb}} fails its check digit: the last digit should be {{expected}}.',
    vi: 'Vận đơn hàng không chủ {{mawb}} sai số kiểm tra: chữ số cuối phải là {{expected}}.',
  },
  'amsInput.hawbFormat': {
    en: 'HAWB must be at most 12 letters and digits',
    vi: 'HAWB chỉ được gồm tối đa 12 chữ cái và chữ số',
  },
  'amsInput.airportCode': {
    en: 'Airport code must be 3 letters (IATA), e.g. LAX',
    vi: 'Mã sân bay phải gồm 3 chữ cái (IATA), ví dụ LAX',
  },
  'amsInput.carrier': { en: 'Carrier must be DHL or USPS', vi: 'Hãng vận chuyển phải là DHL hoặc USPS' },
  'amsInput.location': { en: 'Location must be SGN or HAN', vi: 'Địa điểm phải là SGN hoặc HAN' },
  'amsInput.status': {
    en: 'Status must be initiated or closed',
    vi: 'Trạng thái phải là initiated hoặc closed',
  },
  'amsInput.submitStatus': {
    en: 'submit_status can only be set back to initiated',
    vi: 'submit_status chỉ có thể đặt lại về initiated',
  },
});
