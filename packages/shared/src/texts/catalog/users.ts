import { defineTexts } from '../text.ts';

/** The users of accounts and staff: who may manage whom, and passwords. */
export const userTexts = defineTexts({
  'users.notFound': { en: 'User not found.', vi: 'Không tìm thấy người dùng.' },
  'users.roleInvalid': {
    en: 'Role must be 0 (account), 1 (operator) or 2 (admin)',
    vi: 'Vai trò phải là 0 (tài khoản), 1 (nhân viên vận hành) hoặc 2 (quản trị viên)',
  },
  'users.usernameCharacters': {
    en: 'Username may contain letters, digits and . _ @ - only',
    vi: 'Tên đăng nhập chỉ được gồm chữ cái, chữ số và các ký tự . _ @ -',
  },
  'users.accountRequired': {
    en: 'Account is required for account users',
    vi: 'Người dùng thuộc loại tài khoản phải gắn với một tài khoản',
  },
  'users.usernameTaken': {
    en: 'The username {{username}} is already taken.',
    vi: 'Tên đăng nhập {{username}} đã có người dùng.',
  },
  'users.lastAdmin': {
    en: 'There must always be at least one admin.',
    vi: 'Hệ thống phải luôn có ít nhất một quản trị viên.',
  },
  'users.onlyAddAccountUsers': {
    en: 'You may only add account users.',
    vi: 'Bạn chỉ được thêm người dùng thuộc loại tài khoản.',
  },
  'users.onlyManageAccountUsers': {
    en: 'You may only manage account users.',
    vi: 'Bạn chỉ được quản lý người dùng thuộc loại tài khoản.',
  },
  'users.ownPasswordThroughChange': {
    en: 'Your own password can only be changed with your old password, through the password change (PUT /users/{{sid}}/password).',
    vi: 'Mật khẩu của chính bạn chỉ đổi được khi nhập mật khẩu cũ, qua chức năng đổi mật khẩu (PUT /users/{{sid}}/password).',
  },
  'users.nothingToChange': {
    en: 'Nothing to change: give at least one of {{fields}}.',
    vi: 'Không có gì để thay đổi: hãy gửi ít nhất một trong các trường {{fields}}.',
  },
  'users.onlyOwnPassword': {
    en: 'You may only change your own password.',
    vi: 'Bạn chỉ được đổi mật khẩu của chính mình.',
  },
  'users.oldPasswordWrong': { en: 'The old password is not correct.', vi: 'Mật khẩu cũ không đúng.' },
  'users.newPasswordSame': {
    en: 'The new password must differ from the old one.',
    vi: 'Mật khẩu mới phải khác mật khẩu cũ.',
  },
});
