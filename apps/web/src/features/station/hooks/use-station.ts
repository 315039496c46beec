/**
 * A station page's scanning core (issue 32): the queue's sender for the page's kind, its status for the
 * screen, and the tones of the queue. The page says what a scan carries (`scan(payload)`) and what it makes
 * of verdicts (`onAnswers`, `onHeld`); the core keeps every scan until its verdict arrives, switches between
 * live and queued by itself, and keeps the exceptions. Tones: a live verdict's own (`toneOf`), "queued" for a
 * scan kept back, "exception" when a queued scan's verdict needs a look.
 */
import { Messages, type ScanTone, type StationVerdict } from '@parcelops/shared';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { setFlash } from '../../../lib/flash.ts';
import { clearSession, useViewer } from '../../../lib/session.ts';
import { openStationStore } from '../queue/station-db.ts';
import { type StationEvent, StationSender } from '../queue/station-sender.ts';
import { postStationScans, type StationTransport } from '../queue/station-transport.ts';
import { modeName } from '../rules/station-mode.ts';
import { verdictTone } from '../rules/verdict-tone.ts';
import { playScanTone } from '../scan-tones.ts';
import type { QueuedScan, StationAnswer, StationKind, StationPayloads } from '../station-types.ts';
import { useStoredState } from './use-stored-state.ts';

/** The operator's own choice to queue, per station kind, on this device. */
export const manualQueueKey = (kind: StationKind) => `parcelops.station.${kind}.queueByHand`;

export interface StationOptions<K extends StationKind> {
  /** Every verdict, in scan order, live or not (a page's table and counts take them all). */
  onAnswers?: (answers: StationAnswer<K>[]) => void;
  /** Scans kept back: made while queuing, or left waiting when the server stopped answering. */
  onHeld?: (scans: QueuedScan<K>[]) => void;
  /** The tone of a live verdict; the kind's usual one (verdictTone) unless the page says otherwise. */
  toneOf?: (verdict: StationVerdict) => ScanTone;
  muted: boolean;
  /** Tests pass their own; the batch endpoints otherwise. */
  transport?: StationTransport;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

function playEventTone<K extends StationKind>(
  kind: K,
  event: StationEvent<K>,
  toneOf: StationOptions<K>['toneOf'],
) {
  if (event.type === 'held') return playScanTone('queued');
  // An exception outranks a live verdict of the same call: the live one is on the banner anyway.
  if (event.answers.some((answer) => answer.exception)) return playScanTone('exception');
  const live = event.answers.filter((answer) => answer.live).at(-1);
  if (live) playScanTone(toneOf ? toneOf(live.verdict) : verdictTone(kind, live.verdict));
}

/**
 * Ends the expired session the way api-client does on a 401 (spec §4): storage cleared, the sign-in page with
 * "Your session has expired", which brings the operator back here afterwards. The queue is in IndexedDB,
 * which signing out does not touch: it is sent once the station opens again.
 */
export function signInAgain(): void {
  clearSession();
  setFlash(Messages.sessionExpired, 'error');
}

export function useStation<K extends StationKind>(kind: K, options: StationOptions<K>) {
  const latest = useRef(options);
  latest.current = options;
  const [manual, storeManual] = useStoredState<boolean>('local', manualQueueKey(kind), false, isBoolean);
  const [sender] = useState(
    () =>
      new StationSender(kind, {
        transport: options.transport ?? postStationScans,
        openStore: openStationStore,
        manual,
      }),
  );

  useEffect(() => {
    const unlisten = sender.listen((event) => {
      const { onAnswers, onHeld, toneOf, muted } = latest.current;
      if (event.type === 'held') onHeld?.(event.scans);
      else onAnswers?.(event.answers);
      if (!muted) playEventTone(kind, event, toneOf);
    });
    const networkBack = () => sender.networkBack();
    window.addEventListener('online', networkBack);
    sender.start();
    return () => {
      unlisten();
      window.removeEventListener('online', networkBack);
      sender.stop();
    };
  }, [sender, kind]);

  const status = useSyncExternalStore(sender.subscribe, sender.getStatus);

  // Signed in again (here after the sign-in page, or in another tab): a station waiting for it sends.
  const viewer = useViewer();
  const session = viewer ? `${viewer.userSid}:${viewer.expiresAt}` : null;
  useEffect(() => {
    if (session) sender.sessionRenewed();
  }, [sender, session]);

  // Without IndexedDB the queue lives in this page only: closing or reloading it would drop the scans still
  // waiting, so the browser asks first (with IndexedDB they are kept and sent when the station opens again).
  const onlyInPage = status.durable === false && status.pending > 0;
  useEffect(() => {
    if (!onlyInPage) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [onlyInPage]);

  const mode = modeName(status.connection, status.manual);
  return {
    status,
    mode,
    /** A live scan is on its way: the banner says so to screen readers. */
    busy: status.sending && mode === 'live',
    scan: useCallback((payload: StationPayloads[K]) => sender.scan(payload), [sender]),
    sendNow: useCallback(() => sender.sendNow(), [sender]),
    setManual: useCallback(
      (on: boolean) => {
        storeManual(on);
        sender.setManual(on);
      },
      [sender, storeManual],
    ),
    acknowledge: useCallback((id: string) => sender.acknowledge([id]), [sender]),
    acknowledgeAll: useCallback(() => sender.acknowledge(), [sender]),
    signInAgain,
  };
}

export type Station<K extends StationKind = StationKind> = ReturnType<typeof useStation<K>>;
/** What the station's own controls use, the same for every kind. */
export type StationControls = Pick<
  Station,
  'status' | 'mode' | 'sendNow' | 'setManual' | 'signInAgain' | 'acknowledge' | 'acknowledgeAll'
>;
