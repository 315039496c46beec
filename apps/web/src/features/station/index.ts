// The scan station's core (issue 32), shared by hub receiving (features/hub) and manifest loading
// (features/ams-scan): the page-wide scanner listener, the queue that keeps every scan until its verdict
// arrives (IndexedDB, sent in slices through the batch endpoints, live or queued), the exceptions, the tones,
// the colour banner, the typed-barcode form, the session counts and state kept in storage.

export { ManualBarcodeForm } from './components/ManualBarcodeForm.tsx';
export { type StationCounter, StationCounts } from './components/StationCounts.tsx';
export { type ExceptionWords, StationExceptions } from './components/StationExceptions.tsx';
export { StationNoticeBanner } from './components/StationNoticeBanner.tsx';
export { StationQueuePanel } from './components/StationQueuePanel.tsx';
export { type BannerLook, ToneBanner } from './components/ToneBanner.tsx';
export { type SessionCounts, useSessionCounts } from './hooks/use-session-counts.ts';
export {
  manualQueueKey,
  type Station,
  type StationControls,
  type StationOptions,
  signInAgain,
  useStation,
} from './hooks/use-station.ts';
export { useStoredState } from './hooks/use-stored-state.ts';
export type { StationStatus } from './queue/station-sender.ts';
export { STATION_BATCH_PATHS, type StationTransport } from './queue/station-transport.ts';
export { isException } from './rules/station-exceptions.ts';
export type { StationModeName } from './rules/station-mode.ts';
export { verdictTone } from './rules/verdict-tone.ts';
export { playScanTone, type StationTone } from './scan-tones.ts';
export { SCANNER_KEYSTROKE_GAP_MS, useBarcodeScanner } from './scanner/use-barcode-scanner.ts';
export type {
  QueuedScan,
  StationAnswer,
  StationException,
  StationKind,
  StationNotice,
  StationPayloads,
} from './station-types.ts';

/** The mute switch, one for every station on this device. */
export const MUTED_KEY = 'parcelops.scan.muted';
