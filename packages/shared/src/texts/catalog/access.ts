import { Messages } from '../../messages.ts';
import { defineTexts } from '../text.ts';

/** Who may call what: the sign-in and permission refusals (plugins/auth.ts, lib/account-scope.ts, routes). */
export const accessTexts = defineTexts({
  'access.noAccess': { en: Messages.noAccess, vi: 'Bạn không có quyền truy cập.' },
  'access.mustLogIn': { en: Messages.mustLogIn, vi: 'Bạn phải đăng nhập để xem trang đó' },
  'access.noPermissionDeleteAccount': {
    en: Messages.noPermissionDeleteAccount,
    vi: 'Bạn không có quyền xóa tài khoản.',
  },
  'access.noPermissionViewAccounts': {
    en: Messages.noPermissionViewAccounts,
    vi: 'Bạn không có quyền xem tất cả tài khoản',
  },
  'access.noPermissionViewVendors': {
    en: Messages.noPermissionViewVendors,
    vi: 'Bạn không có quyền xem nhà cung cấp',
  },
  'access.noPermissionViewPricese': {
    en: Messages.noPermissionViewPricese,
    vi: 'Bạn không có quyền xem bảng giá',
  },
  'access.noPermissionViewUsers': {
    en: 'You do not have permissions to view users',
    vi: 'Bạn không có quyền xem người dùng',
  },
  'access.passwordChangeRequired': {
    en: 'You must change your password before you continue.',
    vi: 'Bạn phải đổi mật khẩu trước khi tiếp tục.',
  },
  'access.apiKeyNotAllowed': {
    en: 'API keys cannot be used for this call.',
    vi: 'Không thể dùng khoá API cho thao tác này.',
  },
});
