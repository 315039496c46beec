export { HsCodeSelect } from './components/HsCodeSelect.tsx';
export { HsCodesPage } from './pages/HsCodesPage.tsx';
