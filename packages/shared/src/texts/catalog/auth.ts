import { Messages } from '../../messages.ts';
import { defineTexts } from '../text.ts';

/** Signing in, and the rules a chosen password must meet. */
export const authTexts = defineTexts({
  'auth.loginIncorrect': { en: Messages.loginIncorrect, vi: 'Thông tin đăng nhập không đúng' },
  'auth.tooManyAttempts': {
    en: {
      one: 'Too many sign-in attempts. Please try again in {{count}} second.',
      other: 'Too many sign-in attempts. Please try again in {{count}} seconds.',
    },
    vi: 'Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau {{count}} giây.',
  },
  'auth.accountInactive': {
    en: 'This account is inactive. Please contact support.',
    vi: 'Tài khoản này đã ngừng hoạt động. Vui lòng liên hệ bộ phận hỗ trợ.',
  },
  'auth.apiKeyInvalid': { en: 'The API key is not valid.', vi: 'Khoá API không hợp lệ.' },
  'auth.passwordsDoNotMatch': { en: 'Passwords do not match', vi: 'Mật khẩu không khớp' },
  'auth.passwordNeedsLetter': {
    en: 'Password must contain a letter',
    vi: 'Mật khẩu phải có ít nhất một chữ cái',
  },
  'auth.passwordNeedsDigit': {
    en: 'Password must contain a digit',
    vi: 'Mật khẩu phải có ít nhất một chữ số',
  },
  'auth.passwordNeedsSpecial': {
    en: 'Password must contain a special character',
    vi: 'Mật khẩu phải có ít nhất một ký tự đặc biệt',
  },
});
