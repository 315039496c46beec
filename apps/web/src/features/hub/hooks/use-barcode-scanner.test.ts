import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBarcodeScanner } from './use-barcode-scanner.ts';

/**
 * The keys a scanner sends, each stamped with the time it arrived (`at`, ms), as the browser stamps a
 * KeyboardEvent when it is queued; the page may handle it much later.
 */
let clock = 1_000;

function press(key: string, { at = clock, target = document.body as EventTarget } = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: at });
  target.dispatchEvent(event);
}

/** Types `text` with `gapMs` between the keys' time stamps, then Enter after the same gap. */
function type(text: string, gapMs: number, target?: EventTarget) {
  for (const key of [...text, 'Enter']) {
    press(key, { target });
    clock += gapMs;
  }
}

describe('useBarcodeScanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands over characters stamped 99 ms apart as one code on Enter, without any focused field', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    type('PO123', 99);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO123');
  });

  it('keeps a whole code when the page stalls 114 ms while handling it (the keys were 10 ms apart)', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    const code = 'PO1234567890';
    const keys = [...code, 'Enter'];
    keys.forEach((key, index) => {
      // The key arrived 10 ms after the one before it ...
      press(key, { at: 5_000 + index * 10 });
      // ... but a render held the page: the clock runs on 114 ms before the next key is handled.
      if (index === 4) vi.advanceTimersByTime(114);
      else vi.advanceTimersByTime(3);
    });
    expect(onScan).toHaveBeenCalledExactlyOnceWith(code);
  });

  it('keeps every code of a long run of scans with stalls injected at random places', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    const codes = Array.from({ length: 120 }, (_, n) => `PO${String(n).padStart(10, '0')}`);
    let at = 10_000;
    codes.forEach((code, n) => {
      for (const [index, key] of [...code, 'Enter'].entries()) {
        press(key, { at });
        at += 10;
        // Every seventh code, a stall in the middle of it: the handler runs up to 150 ms late.
        vi.advanceTimersByTime(n % 7 === 3 && index === 6 ? 150 : 2);
      }
      // The operator reaches for the next parcel.
      at += 800;
    });
    expect(onScan.mock.calls.map(([code]) => code)).toEqual(codes);
  });

  it('starts afresh after a real pause of 101 ms between time stamps', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    press('X', { at: 2_000 });
    // The handler runs at once, but the next key was stamped 101 ms later.
    press('P', { at: 2_101 });
    press('O', { at: 2_111 });
    press('9', { at: 2_121 });
    press('Enter', { at: 2_131 });
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO9');
  });

  it('never forms a code from slow typing', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    type('PO1', 101);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('ignores typing in an input', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    const input = document.createElement('input');
    document.body.append(input);
    type('PO123', 5, input);
    expect(onScan).not.toHaveBeenCalled();
    input.remove();
  });

  it('takes two scans in a row and stops listening when unmounted', () => {
    const onScan = vi.fn();
    const { unmount } = renderHook(() => useBarcodeScanner(onScan));
    type('A1', 5);
    type('B2', 5);
    expect(onScan.mock.calls).toEqual([['A1'], ['B2']]);
    unmount();
    type('C3', 5);
    expect(onScan).toHaveBeenCalledTimes(2);
  });
});

describe('useBarcodeScanner with a focused control', () => {
  it('still scans while a radio or a switch has focus', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    const radio = document.createElement('input');
    radio.type = 'radio';
    document.body.append(radio);
    for (const key of [...'PO7', 'Enter']) press(key, { target: radio });
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO7');
    radio.remove();
  });
});
