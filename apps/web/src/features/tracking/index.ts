export { BarcodeSearchForm } from './components/BarcodeSearchForm.tsx';
export { TrackingEvents } from './components/TrackingEvents.tsx';
export { formatDateTime } from './format-date-time.ts';
export { TrackingPage } from './pages/TrackingPage.tsx';
