/**
 * The camera as a barcode scanner: opens the rear camera where there is one, reads Code 128 from the
 * picture a few times a second and hands each code over once. The same code seen again within `repeatMs`
 * of its last sighting is ignored, so a label held in front of the camera is looked up once; shown again
 * after a pause, it is looked up again. The camera is released when the component unmounts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { type BarcodeReader, createBarcodeReader } from './barcode-reader.ts';

export type CameraProblem = 'unsupported' | 'denied' | 'noCamera' | 'busy' | 'readerFailed' | 'failed';

export type CameraState =
  | { phase: 'starting' }
  | { phase: 'scanning' }
  | { phase: 'failed'; problem: CameraProblem; detail: string };

export interface CameraScannerOptions {
  /** How long the same code is ignored after it was last seen, ms. */
  repeatMs?: number;
  /** The pause between two reads of the picture, ms. */
  intervalMs?: number;
}

const PROBLEM_OF: Record<string, CameraProblem> = {
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  PermissionDeniedError: 'denied',
  NotFoundError: 'noCamera',
  DevicesNotFoundError: 'noCamera',
  OverconstrainedError: 'noCamera',
  NotReadableError: 'busy',
  TrackStartError: 'busy',
  AbortError: 'busy',
};

function cameraFailure(error: unknown): CameraState {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return { phase: 'failed', problem: PROBLEM_OF[name] ?? 'failed', detail: errorMessage(error) };
}

const stopTracks = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/** A rear camera when the device has one (a phone, a tablet); whatever camera there is otherwise. */
const CONSTRAINTS: MediaStreamConstraints = { video: { facingMode: { ideal: 'environment' } }, audio: false };

export function useCameraScanner(
  onCode: (code: string) => void,
  { repeatMs = 2000, intervalMs = 150 }: CameraScannerOptions = {},
) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [state, setState] = useState<CameraState>({ phase: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what a retry changes to start again
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = { code: '', at: Number.NEGATIVE_INFINITY };
    setState({ phase: 'starting' });

    const read = async (video: HTMLVideoElement, reader: BarcodeReader) => {
      if (stopped) return;
      // A picture is there to read once the video has its current frame (HAVE_CURRENT_DATA).
      if (video.readyState >= 2) {
        const found = await reader.detect(video).catch(() => []);
        const code = found.map((barcode) => barcode.rawValue.trim()).find((value) => value.length > 0);
        if (code && !stopped) {
          const now = performance.now();
          const fresh = code !== seen.code || now - seen.at > repeatMs;
          seen.code = code;
          seen.at = now;
          if (fresh) onCodeRef.current(code);
        }
      }
      if (!stopped) timer = setTimeout(() => void read(video, reader), intervalMs);
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ phase: 'failed', problem: 'unsupported', detail: '' });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
      } catch (error) {
        if (!stopped) setState(cameraFailure(error));
        return;
      }
      if (stopped) return stopTracks(stream);
      let reader: BarcodeReader;
      try {
        reader = await createBarcodeReader();
      } catch (error) {
        if (!stopped) setState({ phase: 'failed', problem: 'readerFailed', detail: errorMessage(error) });
        return stopTracks(stream);
      }
      const video = videoRef.current;
      if (stopped || !video) return stopTracks(stream);
      video.srcObject = stream;
      try {
        await video.play();
      } catch {
        // Autoplay of a muted inline video is allowed; should a browser refuse, the picture starts on a tap.
      }
      if (stopped) return;
      setState({ phase: 'scanning' });
      void read(video, reader);
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stopTracks(stream);
      if (videoRef.current) videoRef.current.srcObject = null;
    };
  }, [attempt, intervalMs, repeatMs]);

  return { videoRef, state, retry };
}
