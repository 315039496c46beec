/**
 * The page's one scanner reader. A handheld scanner types like a very fast keyboard and ends with Enter;
 * the reader collects its characters from the whole window (no field needs focus) and hands each code to the
 * station on screen (useBarcodeScanner). Typing into an input, a textarea, a select or an editable element is
 * left alone, so the page's other fields keep working.
 *
 * Why one reader for the page, listening from the moment the station's code loads, rather than a listener per
 * station: a listener added by a component's effect misses the keys that arrive before the effect runs
 * (a page that is still opening renders in slices, and keys are dispatched between them) and loses what it
 * collected whenever the component mounts again (a route re-rendering its page, a tab panel). Both cut the
 * first characters of the first scans after a page opens ("Not found O0000000009" for PO0000000009).
 *
 * Why the pause is measured by a timer and not by the keys' time stamps: spec §9's 100 ms gap separates
 * characters that belong to no code (a stray key) from the next code. A gap in the time stamps is not a pause
 * when the page was busy: keys queued behind a long render are delivered together, sometimes stamped when
 * they were delivered rather than when they were pressed, so the stamps show a 300 ms hole inside one code. A
 * pause is real only when the page was free to notice it: a timer set `gap` ms after each key that fires on
 * time. A timer that fires late says the page was busy meanwhile; the reader then waits another whole gap.
 */

export const SCANNER_KEYSTROKE_GAP_MS = 100;
/** A timer later than this was held up by a busy page: what it measured was not an idle pause. */
export const LATE_TIMER_MS = 20;
/** How long a code completed while no station was mounted (the page still opening) waits for one. */
export const UNCLAIMED_CODE_MS = 1_000;

export interface ScanStation {
  onScan: (code: string) => void;
  /** Read at each code: off while a dialog is open, for example. */
  isEnabled: () => boolean;
  /** The longest pause between two characters of one code, ms. */
  gap: number;
}

/** Inputs that take no typed text: a scan while one has focus (the hub choice just clicked) still counts. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

export class ScannerReader {
  private buffer = '';
  private pauseTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stations: ScanStation[] = [];
  private unclaimed: { code: string; until: number } | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Listens in the capture phase, so no component that stops a key's propagation can hide it. */
  attach(target: Window): () => void {
    target.addEventListener('keydown', this.onKeyDown, true);
    return () => target.removeEventListener('keydown', this.onKeyDown, true);
  }

  /** A station on screen; a code that completed while the page was still opening goes to it at once. */
  subscribe(station: ScanStation): () => void {
    this.stations.push(station);
    const waiting = this.unclaimed;
    this.unclaimed = null;
    if (waiting && this.now() <= waiting.until && station.isEnabled()) station.onScan(waiting.code);
    return () => {
      const index = this.stations.indexOf(station);
      if (index >= 0) this.stations.splice(index, 1);
    };
  }

  /** Forgets a code in progress (tests start from a clean page). */
  reset(): void {
    this.buffer = '';
    this.unclaimed = null;
    clearTimeout(this.pauseTimer);
    this.pauseTimer = undefined;
  }

  private get gap(): number {
    return this.stations.at(-1)?.gap ?? SCANNER_KEYSTROKE_GAP_MS;
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Enter') {
      const code = this.buffer.trim();
      this.reset();
      // Enter would otherwise also press the button that has focus (Download Report, Clear).
      if (code && this.handOver(code)) event.preventDefault();
      return;
    }
    if (event.key.length === 1) this.buffer += event.key;
    if (this.buffer) this.watchForPause();
  };

  /** True when a station took the code. */
  private handOver(code: string): boolean {
    if (this.stations.length === 0) {
      this.unclaimed = { code, until: this.now() + UNCLAIMED_CODE_MS };
      return false;
    }
    const listening = this.stations.filter((station) => station.isEnabled());
    for (const station of listening) station.onScan(code);
    return listening.length > 0;
  }

  private watchForPause(): void {
    clearTimeout(this.pauseTimer);
    const gap = this.gap;
    const due = this.now() + gap;
    this.pauseTimer = setTimeout(() => {
      // Late: the page was busy, and keys may be queued behind the work that held it.
      if (this.now() - due > LATE_TIMER_MS) this.watchForPause();
      else this.buffer = '';
    }, gap);
  }
}

/** The page's reader, listening from the moment the station's code is loaded. */
export const scannerReader = new ScannerReader();
if (typeof window !== 'undefined') scannerReader.attach(window);
