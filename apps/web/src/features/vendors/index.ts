export { vendorKeys, vendorsQuery } from './api.ts';
export { VendorAddPage } from './pages/VendorAddPage.tsx';
export { VendorEditPage } from './pages/VendorEditPage.tsx';
export { VendorsListPage } from './pages/VendorsListPage.tsx';
