export { ItemDeclarationsPage } from './pages/ItemDeclarationsPage.tsx';
