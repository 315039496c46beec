export { UserAddPage } from './pages/UserAddPage.tsx';
export { UserEditPage } from './pages/UserEditPage.tsx';
export { UsersListPage } from './pages/UsersListPage.tsx';
