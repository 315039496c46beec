export { LabelPrintPage } from './pages/LabelPrintPage.tsx';
export { OrderAddPage } from './pages/OrderAddPage.tsx';
export { OrdersListPage } from './pages/OrdersListPage.tsx';
export { OrderViewPage } from './pages/OrderViewPage.tsx';
