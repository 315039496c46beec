export { PriceTableAddPage } from './pages/PriceTableAddPage.tsx';
export { PriceTableEditPage } from './pages/PriceTableEditPage.tsx';
export { PriceTablesListPage } from './pages/PriceTablesListPage.tsx';
