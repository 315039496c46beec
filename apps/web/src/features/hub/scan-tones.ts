/**
 * Short tones that tell an operator who is not looking at the screen how a scan went: one high beep for a
 * new parcel, two middle beeps for one already in the table, a low buzz for a failure. Web Audio, so no sound
 * files; silently nothing where the browser has no audio.
 */
export type ScanOutcome = 'success' | 'duplicate' | 'failure';

interface Beep {
  frequency: number;
  seconds: number;
  type: OscillatorType;
}

const TONES: Record<ScanOutcome, Beep[]> = {
  success: [{ frequency: 1320, seconds: 0.12, type: 'sine' }],
  duplicate: [
    { frequency: 660, seconds: 0.08, type: 'sine' },
    { frequency: 660, seconds: 0.08, type: 'sine' },
  ],
  failure: [{ frequency: 180, seconds: 0.4, type: 'square' }],
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  return context;
}

export function playScanTone(outcome: ScanOutcome): void {
  const ctx = audio();
  if (!ctx) return;
  // A context created before any gesture starts suspended; a scan's keystrokes count as one.
  if (ctx.state === 'suspended') void ctx.resume();
  let start = ctx.currentTime;
  for (const beep of TONES[outcome]) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = beep.type;
    oscillator.frequency.value = beep.frequency;
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + beep.seconds);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + beep.seconds);
    start += beep.seconds + 0.06;
  }
}
