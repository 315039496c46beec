import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBarcodeScanner } from './use-barcode-scanner.ts';

function press(key: string, target: EventTarget = document.body) {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
}

/** Types `text` with `gapMs` between keystrokes, then Enter after the same gap. */
function type(text: string, gapMs: number, target?: EventTarget) {
  for (const key of [...text, 'Enter']) {
    press(key, target);
    vi.advanceTimersByTime(gapMs);
  }
}

describe('useBarcodeScanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands over characters typed 99 ms apart as one code on Enter, without any focused field', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    for (const key of 'PO123') {
      press(key);
      vi.advanceTimersByTime(99);
    }
    press('Enter');
    expect(onScan).toHaveBeenCalledOnce();
    expect(onScan).toHaveBeenCalledWith('PO123');
  });

  it('starts afresh after a pause of 101 ms', () => {
    const onScan = vi.fn();
    renderHook(() => useBarcodeScanner(onScan));
    press('X');
    vi.advanceTimersByTime(101);
    type('PO9', 10);
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
    for (const key of [...'PO7', 'Enter']) press(key, radio);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PO7');
    radio.remove();
  });
});
