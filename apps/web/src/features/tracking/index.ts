// TrackingPage is loaded by AppRoutes in its own chunk; the index page takes only the search box.
export { trackingQuery } from './api.ts';
export { BarcodeSearchForm } from './components/BarcodeSearchForm.tsx';
export { TrackingEvents } from './components/TrackingEvents.tsx';
export { formatDateTime } from './format-date-time.ts';
