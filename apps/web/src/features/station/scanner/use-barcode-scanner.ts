/**
 * A station's scanner (hub receiving, manifest loading): `onScan` receives each code a handheld scanner types
 * (characters within `gap` ms of each other, spec §9: 100 ms, ended by Enter), without the operator focusing
 * any field. The keys are collected by the page's one reader (scanner-reader.ts), which survives this
 * component mounting again and catches the keys that arrive while the page is still opening; this hook only
 * says that a station is on screen and what it does with a code.
 */
import { useLayoutEffect, useRef } from 'react';
import { SCANNER_KEYSTROKE_GAP_MS, scannerReader } from './scanner-reader.ts';

export { SCANNER_KEYSTROKE_GAP_MS };

export interface BarcodeScannerOptions {
  /** The longest pause between two characters of one code, ms. */
  gap?: number;
  /** Off while a dialog is open, for example. */
  enabled?: boolean;
}

export function useBarcodeScanner(
  onScan: (code: string) => void,
  { gap = SCANNER_KEYSTROKE_GAP_MS, enabled = true }: BarcodeScannerOptions = {},
): void {
  // The latest callback and switch, read at each code, so a re-render never re-subscribes mid-scan.
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  // A layout effect: the station is listening in the same commit that shows it, before any queued key.
  useLayoutEffect(
    () =>
      scannerReader.subscribe({
        onScan: (code) => onScanRef.current(code),
        isEnabled: () => enabledRef.current,
        gap,
      }),
    [gap],
  );
}
