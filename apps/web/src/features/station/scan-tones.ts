/**
 * Short tones that tell an operator who is not looking at the screen how a scan went, one per banner colour
 * (shared `scanTone`): a rising two-note chirp for a parcel received now, a double mid beep for one to look
 * at (already received, in a manifest, departed, delivered), a low long buzz for one to stop at (other hub,
 * failed, never accepted, unknown barcode). Two more belong to the queue (issue 32): a soft falling pair for
 * a scan kept on the device (never the green chirp: nothing was checked), and a four-note alarm when a queued
 * scan comes back as an exception, long after the parcel left the operator's hands. Web Audio, so no sound
 * files; silently nothing where the browser has no audio.
 */
import type { ScanTone } from '@parcelops/shared';

export type StationTone = ScanTone | 'queued' | 'exception';

interface Beep {
  frequency: number;
  seconds: number;
  type: OscillatorType;
  /** The pause before the next beep. */
  gap: number;
}

export const TONES: Record<StationTone, readonly Beep[]> = {
  success: [
    { frequency: 880, seconds: 0.07, type: 'sine', gap: 0.01 },
    { frequency: 1320, seconds: 0.11, type: 'sine', gap: 0 },
  ],
  warning: [
    { frequency: 660, seconds: 0.09, type: 'triangle', gap: 0.07 },
    { frequency: 660, seconds: 0.09, type: 'triangle', gap: 0 },
  ],
  error: [{ frequency: 150, seconds: 0.6, type: 'square', gap: 0 }],
  queued: [
    { frequency: 520, seconds: 0.1, type: 'sine', gap: 0.03 },
    { frequency: 390, seconds: 0.14, type: 'sine', gap: 0 },
  ],
  exception: [
    { frequency: 1046, seconds: 0.08, type: 'square', gap: 0.02 },
    { frequency: 698, seconds: 0.08, type: 'square', gap: 0.02 },
    { frequency: 1046, seconds: 0.08, type: 'square', gap: 0.02 },
    { frequency: 698, seconds: 0.16, type: 'square', gap: 0 },
  ],
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  return context;
}

export function playScanTone(tone: StationTone): void {
  const ctx = audio();
  if (!ctx) return;
  // A context created before any gesture starts suspended; a scan's keystrokes count as one.
  if (ctx.state === 'suspended') void ctx.resume();
  let start = ctx.currentTime;
  for (const beep of TONES[tone]) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = beep.type;
    oscillator.frequency.value = beep.frequency;
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + beep.seconds);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + beep.seconds);
    start += beep.seconds + beep.gap;
  }
}
