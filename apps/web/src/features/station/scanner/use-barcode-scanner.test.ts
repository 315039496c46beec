import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scannerReader } from './scanner-reader.ts';
import { useBarcodeScanner } from './use-barcode-scanner.ts';

/**
 * The page as the scanner meets it, on fake timers. Time passes in two ways:
 * - idle(ms): the page is free; its timers run on time (a real pause).
 * - stall(ms): the page is busy (a long render): the clock runs on, no timer can run, and the keys pressed
 *   meanwhile wait in the browser's queue. They are then delivered back to back, stamped with the time they
 *   were delivered (the worst case: the stamps show a hole inside the code).
 * Each key is a KeyboardEvent with a controlled time stamp.
 */
let stalled = 0;

function press(key: string, target: EventTarget = document.body) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: performance.now() });
  target.dispatchEvent(event);
  return event;
}

/** The scanner's keys, `everyMs` apart on a free page. */
function scan(text: string, { everyMs = 5, enter = true } = {}) {
  for (const key of [...text, ...(enter ? ['Enter'] : [])]) {
    press(key);
    idle(everyMs);
  }
}

/** Keys queued behind a stall, delivered together once the page is free again. */
function deliverQueued(text: string) {
  for (const key of text === '' ? [] : [...text]) press(key === '\n' ? 'Enter' : key);
}

const idle = (ms: number) => vi.advanceTimersByTime(ms);
const stall = (ms: number) => {
  stalled += ms;
};

beforeEach(() => {
  vi.useFakeTimers();
  stalled = 0;
  const fakeNow = performance.now.bind(performance);
  // A busy page: performance.now() runs ahead of the (frozen) timers by the stalls so far.
  vi.spyOn(performance, 'now').mockImplementation(() => fakeNow() + stalled);
  scannerReader.reset();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useBarcodeScanner on a free page', () => {
  it('hands over characters 99 ms apart as one code on Enter, without any focused field', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    scan('PO123', { everyMs: 99 });
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO123');
  });

  it('starts afresh after a real pause of 101 ms: a stray key never joins the next code', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    press('X');
    idle(101);
    scan('PO9');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO9');
  });

  it('never forms a code from slow typing', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    scan('PO1', { everyMs: 101 });
    expect(onScan).not.toHaveBeenCalled();
  });

  it('ignores typing in an input, and a lone Enter', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    const input = document.createElement('input');
    document.body.append(input);
    for (const key of [...'PO123', 'Enter']) press(key, input);
    expect(press('Enter').defaultPrevented).toBe(false);
    expect(onScan).not.toHaveBeenCalled();
    input.remove();
  });

  it('still scans while a radio or a switch has focus, and keeps Enter from pressing it', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    const radio = document.createElement('input');
    radio.type = 'radio';
    document.body.append(radio);
    for (const key of [...'PO7']) press(key, radio);
    expect(press('Enter', radio).defaultPrevented).toBe(true);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO7');
    radio.remove();
  });

  it('takes two scans in a row, nothing while disabled, and stops listening when unmounted', () => {
    const onScan = vi.fn();
    const { rerender, unmount } = renderHook(({ enabled }) => useBarcodeScanner(onScan, { enabled }), {
      initialProps: { enabled: true },
    });
    scan('A1');
    scan('B2');
    rerender({ enabled: false });
    scan('X9');
    rerender({ enabled: true });
    scan('C3');
    expect(onScan.mock.calls).toEqual([['A1'], ['B2'], ['C3']]);
    unmount();
    idle(2_000);
    scan('D4');
    expect(onScan).toHaveBeenCalledTimes(3);
  });
});

describe('useBarcodeScanner on a page that stalls', () => {
  it('keeps a code when the page stalls 300 ms before its first key', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    scan('PO0000000001');
    idle(800);
    // The operator scans during a long render: every key waits, then all arrive with one time stamp.
    stall(300);
    deliverQueued('PO0000000009\n');
    idle(200);
    expect(onScan.mock.calls).toEqual([['PO0000000001'], ['PO0000000009']]);
  });

  it('keeps a code when the page stalls 300 ms inside it, stamps showing the hole', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    press('P');
    // A render starts right after the first key; the rest is delivered 300 ms later, stamped then.
    stall(300);
    deliverQueued('O0000000009\n');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO0000000009');
  });

  it('keeps a code when the late pause timer runs before the queued keys', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    scan('PO00', { enter: false });
    stall(300);
    // The page is free again: the timer due during the stall runs first, 300 ms late, and waits a new gap.
    idle(100);
    deliverQueued('00000009\n');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO0000000009');
  });

  it('keeps every code of a long run of scans with stalls at random places', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    const codes = Array.from({ length: 120 }, (_, n) => `PO${String(n).padStart(10, '0')}`);
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (const code of codes) {
      const keys = [...code, 'Enter'];
      const stallAt = random() < 0.3 ? Math.floor(random() * keys.length) : -1;
      keys.forEach((key, index) => {
        if (index === stallAt) stall(150 + Math.floor(random() * 400));
        press(key);
        if (index !== stallAt) idle(3);
      });
      // The operator reaches for the next parcel.
      idle(800);
    }
    expect(onScan.mock.calls.map(([code]) => code)).toEqual(codes);
  });

  it('still drops a stray key when the page was free for the gap before the next code', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    press('X');
    idle(150);
    stall(300);
    deliverQueued('PO5\n');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO5');
  });
});

describe('useBarcodeScanner while the page opens', () => {
  it('keeps the keys that arrived before the station mounted', () => {
    const onScan = vi.fn();
    // The page is still rendering: the first keys arrive before any station listens.
    press('P');
    stall(300);
    deliverQueued('O00');
    renderHook(() => useBarcodeScanner(onScan));
    deliverQueued('0000009\n');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO000000009');
  });

  it('hands a code completed just before the station mounted to it, but not a stale one', () => {
    const onScan = vi.fn();
    stall(300);
    deliverQueued('PO0000000009\n');
    renderHook(() => useBarcodeScanner(onScan));
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO0000000009');

    const late = vi.fn();
    scannerReader.reset();
    deliverQueued('PO0000000010\n');
    idle(1_500);
    renderHook(() => useBarcodeScanner(late));
    expect(late).not.toHaveBeenCalled();
  });

  it('keeps a code across the station mounting again in the middle of it', () => {
    const onScan = vi.fn();
    const first = renderHook(() => useBarcodeScanner(onScan));
    scan('PO000', { enter: false });
    first.unmount();
    renderHook(() => useBarcodeScanner(onScan));
    scan('0000009');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO0000000009');
  });
});
