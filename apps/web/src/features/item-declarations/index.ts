// The order form's items choose an origin as declarations do and look their SKUs up among them.
export { itemDeclarationsQuery } from './api.ts';
export { OriginCountrySelect } from './components/OriginCountrySelect.tsx';
export { ItemDeclarationsPage } from './pages/ItemDeclarationsPage.tsx';
