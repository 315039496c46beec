export { accountQuery } from './api.ts';
export { AccountAddPage } from './pages/AccountAddPage.tsx';
export { AccountEditPage } from './pages/AccountEditPage.tsx';
export { AccountsListPage } from './pages/AccountsListPage.tsx';
