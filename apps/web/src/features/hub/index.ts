// What other features use of the hub: the links to its screens, and the scan station's parts another
// station (AMS scanning) reuses: the scanner listener, the tones, the colour banner, the typed-barcode form and
// state kept in storage. The page is not exported here: AppRoutes loads it in its own chunk.

export { ManualBarcodeForm } from './components/ManualBarcodeForm.tsx';
export { type BannerLook, ToneBanner } from './components/ToneBanner.tsx';
export { SCANNER_KEYSTROKE_GAP_MS, useBarcodeScanner } from './hooks/use-barcode-scanner.ts';
export { MUTED_KEY } from './hooks/use-scan-session.ts';
export { useStoredState } from './hooks/use-stored-state.ts';
export {
  AMS_SCANNING_AVAILABLE,
  AMS_SCANNING_PATH,
  SCAN_ORDERS_PATH,
  type ScanTabName,
  scanOrdersPath,
} from './hub-links.ts';
export { playScanTone } from './scan-tones.ts';
