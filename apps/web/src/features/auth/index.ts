export { CreatePasswordPage } from './CreatePasswordPage.tsx';
export { LoginPage } from './LoginPage.tsx';
export { useSignOut } from './use-sign-out.ts';
