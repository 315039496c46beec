// The order form's items choose an origin as declarations do.
export { OriginCountrySelect } from './components/OriginCountrySelect.tsx';
export { ItemDeclarationsPage } from './pages/ItemDeclarationsPage.tsx';
