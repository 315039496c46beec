/**
 * A handheld barcode scanner types like a very fast keyboard and ends with Enter. This hook listens on the
 * whole document, so the operator scans without focusing any field: characters that follow each other within
 * `gap` ms (spec §9: 100 ms) accumulate, a longer pause starts afresh (a person's slow typing never forms a
 * code), and Enter hands the code over. Typing into an input, a textarea, a select or an editable element is
 * left alone, so the page's other fields keep working.
 *
 * The gap is measured between the keyboard events' own time stamps (when the key arrived), never the clock
 * when the handler runs: a scanner sends its characters into the browser's queue a few ms apart, and a render
 * that stalls the page for 114 ms in the middle of a code would otherwise look like a pause and cut it short.
 */
import { useEffect, useRef } from 'react';

export const SCANNER_KEYSTROKE_GAP_MS = 100;

export interface BarcodeScannerOptions {
  /** The longest pause between two characters of one code, ms. */
  gap?: number;
  /** Off while a dialog is open, for example. */
  enabled?: boolean;
}

/** Inputs that take no typed text: a scan while one has focus (the hub choice just clicked) still counts. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** When the key arrived: the event's time stamp; the clock only where a browser gives none. */
function keyTime(event: KeyboardEvent): number {
  return Number.isFinite(event.timeStamp) && event.timeStamp > 0 ? event.timeStamp : performance.now();
}

export function useBarcodeScanner(
  onScan: (code: string) => void,
  { gap = SCANNER_KEYSTROKE_GAP_MS, enabled = true }: BarcodeScannerOptions = {},
): void {
  // The latest callback, so a re-render never re-registers the listener mid-scan.
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    if (!enabled) return;
    let buffer = '';
    let last = Number.NEGATIVE_INFINITY;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const at = keyTime(event);
      if (at - last > gap) buffer = '';
      last = at;
      if (event.key === 'Enter') {
        const code = buffer.trim();
        buffer = '';
        if (code) {
          // Enter would otherwise also press the button that has focus (Download Report, Clear).
          event.preventDefault();
          onScanRef.current(code);
        }
        return;
      }
      if (event.key.length === 1) buffer += event.key;
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, gap]);
}
