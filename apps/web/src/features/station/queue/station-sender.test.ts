/**
 * The sender's mode switches with a transport the test scripts (no answer, a timeout, a 503, a 401, then
 * answers), on fake timers and a memory store (the IndexedDB store has its own tests).
 */
import type { StationVerdict, StationVerdictCode } from '@parcelops/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireScan } from '../rules/station-slices.ts';
import type { StationKind } from '../station-types.ts';
import { type StationEvent, StationSender } from './station-sender.ts';
import { MemoryStationStore } from './station-store.ts';
import { outcomeOfReply, type StationTransport, type TransportReply } from './station-transport.ts';

const NO_ANSWER: TransportReply = { outcome: { type: 'unreachable' }, verdicts: [] };

const verdictOf = (scan: WireScan, code: StationVerdictCode): StationVerdict => ({
  client_scan_id: scan.client_scan_id,
  barcode: scan.barcode,
  scanned_at: scan.scanned_at,
  status: 200,
  code,
  msg: code,
  key: `test.${code}`,
  order: null,
  replayed: false,
});

/** A server that answers every scan, with `codeOf` its barcode's verdict (RECEIVED unless said). */
const answering =
  (codeOf: (barcode: string) => StationVerdictCode = () => 'RECEIVED') =>
  async (_kind: StationKind, scans: WireScan[]): Promise<TransportReply> => ({
    outcome: { type: 'answered' },
    verdicts: scans.map((scan) => verdictOf(scan, codeOf(scan.barcode))),
  });

let transport: ReturnType<typeof vi.fn<StationTransport>>;

function station({ manual = false, store = new MemoryStationStore() } = {}) {
  const sender = new StationSender('hub', { transport, openStore: async () => store, manual });
  const events: StationEvent<'hub'>[] = [];
  sender.listen((event) => events.push(event));
  sender.start();
  const answers = () => events.flatMap((event) => (event.type === 'answers' ? event.answers : []));
  const held = () => events.flatMap((event) => (event.type === 'held' ? event.scans : []));
  const scan = (barcode: string) => sender.scan({ barcode, hub: 'SGN' });
  return { sender, store, answers, held, scan, status: () => sender.getStatus() };
}

/** Lets every pending promise of the sender and its store run. */
async function settle() {
  for (let round = 0; round < 5; round += 1) await vi.advanceTimersByTimeAsync(0);
}

/** The barcodes of each call, in the order sent. */
const calls = () => transport.mock.calls.map(([, scans]) => scans.map((scan) => scan.barcode));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-11-25T14:00:00.000Z'));
  transport = vi.fn<StationTransport>(answering());
});
afterEach(() => vi.useRealTimers());

describe('a live station', () => {
  it('sends a scan at once with its id and time, and shows its verdict live', async () => {
    const { scan, answers, status } = station();
    const made = scan('PO1');
    await settle();
    expect(transport).toHaveBeenCalledOnce();
    const [kind, scans, timeout] = transport.mock.calls[0] ?? [];
    expect(kind).toBe('hub');
    expect(timeout).toBe(3_000);
    expect(scans).toEqual([
      {
        client_scan_id: made.client_scan_id,
        barcode: 'PO1',
        hub: 'SGN',
        scanned_at: '2026-11-25T14:00:00.000Z',
      },
    ]);
    expect(made.client_scan_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(answers()).toMatchObject([{ live: true, exception: false, verdict: { code: 'RECEIVED' } }]);
    expect(status()).toMatchObject({ pending: 0, connection: { state: 'live' }, notice: null });
    expect(status().lastAnsweredAt).toBe('2026-11-25T14:00:00.000Z');
  });

  it('sends scans made while a call is on its way in the next call, in scan order', async () => {
    const { scan } = station();
    scan('PO1');
    scan('PO2');
    scan('PO3');
    await settle();
    expect(calls().flat()).toEqual(['PO1', 'PO2', 'PO3']);
  });

  it('never shows a live refusal as an exception: the operator saw it on the banner', async () => {
    transport.mockImplementation(answering(() => 'NOT_FOUND'));
    const { scan, answers, status } = station();
    scan('NOPE');
    await settle();
    expect(answers()).toMatchObject([{ live: true, exception: false }]);
    expect(status().exceptions).toEqual([]);
  });
});

describe('a scan the server would refuse for its form', () => {
  it('is answered here at once, VALIDATION_FAILED naming the field, and never queued', async () => {
    const { scan, answers, status } = station();
    const tooLong = `PO${'9'.repeat(120)}`;
    scan(tooLong);
    scan('PO2');
    await settle();
    expect(calls()).toEqual([['PO2']]);
    expect(answers()).toMatchObject([
      {
        live: true,
        exception: false,
        verdict: {
          barcode: tooLong,
          status: 400,
          code: 'VALIDATION_FAILED',
          key: 'hub.station.invalid',
          params: { field: 'barcode' },
        },
      },
      { live: true, verdict: { code: 'RECEIVED', barcode: 'PO2' } },
    ]);
    expect(answers()[0]?.verdict.msg).toMatch(
      /^This scan cannot be applied \(barcode: .+\)\. Nothing was done\.$/,
    );
    expect(status()).toMatchObject({ pending: 0, exceptions: [] });
  });

  it('is answered here while queuing too, and the queue behind it still goes', async () => {
    transport.mockImplementation(async () => NO_ANSWER);
    const { scan, answers, held, status } = station({ manual: true });
    scan('PO1');
    scan(`PO${'9'.repeat(120)}`);
    await settle();
    expect(held().map((queued) => queued.payload.barcode)).toEqual(['PO1']);
    expect(answers()).toMatchObject([{ live: true, verdict: { code: 'VALIDATION_FAILED' } }]);
    expect(status().pending).toBe(1);
  });
});

describe('switching to queued by itself', () => {
  /** How the call fails, and how long it takes to. */
  const failures: [string, StationTransport, number][] = [
    ['the network fails', async () => NO_ANSWER, 0],
    // The transport gives up after the timeout it is handed (its own tests check the abort).
    [
      'the call times out',
      (_kind, _scans, timeout) => new Promise((resolve) => setTimeout(() => resolve(NO_ANSWER), timeout)),
      3_000,
    ],
    ['the server answers 503', async () => outcomeOfReply(503, { msg: 'Busy', code: 'BUSY' }), 0],
  ];

  it.each(failures)(
    'when %s: holds the scans, retries with back-off, and goes live on the first answer',
    async (_, fail, takes) => {
      transport.mockImplementation(fail);
      const { scan, held, answers, status } = station();
      scan('PO1');
      await vi.advanceTimersByTimeAsync(takes);
      await settle();
      expect(status().connection).toEqual({ state: 'queued', failures: 1, failure: null });
      expect(held().map((queued) => queued.payload.barcode)).toEqual(['PO1']);
      expect(status().notice).toEqual({ type: 'queued', barcode: 'PO1' });

      // Scans made now are held at once, with no call of their own.
      const callsBefore = transport.mock.calls.length;
      scan('PO2');
      await settle();
      expect(transport.mock.calls.length).toBe(callsBefore);
      expect(held().map((queued) => queued.payload.barcode)).toEqual(['PO1', 'PO2']);
      expect(status().pending).toBe(2);

      // The server is back: the next retry (1 s after the first failure) sends both, in scan order.
      transport.mockImplementation(
        answering((barcode) => (barcode === 'PO2' ? 'RECEIVED_AT_OTHER_HUB' : 'RECEIVED')),
      );
      await vi.advanceTimersByTimeAsync(1_000);
      await settle();
      expect(calls().at(-1)).toEqual(['PO1', 'PO2']);
      expect(answers()).toMatchObject([
        { live: false, exception: false },
        { live: false, exception: true, verdict: { code: 'RECEIVED_AT_OTHER_HUB' } },
      ]);
      expect(status()).toMatchObject({ pending: 0, connection: { state: 'live' }, retryAt: null });
      expect(status().notice).toEqual({ type: 'sent', count: 2, exceptions: 1 });
      expect(status().exceptions.map((kept) => kept.barcode)).toEqual(['PO2']);
    },
  );

  it('waits 1 s, then 2 s, then 4 s between tries, and Send now does not wait', async () => {
    transport.mockImplementation(async () => NO_ANSWER);
    const { scan, sender, status } = station();
    scan('PO1');
    await settle();
    expect(transport).toHaveBeenCalledTimes(1);
    expect(status().retryAt).toBe(Date.now() + 1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(transport).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(transport).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(transport).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(transport).toHaveBeenCalledTimes(3);
    expect(status().connection).toMatchObject({ failures: 3 });

    sender.sendNow();
    await settle();
    expect(transport).toHaveBeenCalledTimes(4);
  });

  it('keeps the server’s words when it refuses the list whole, and keeps trying', async () => {
    transport.mockImplementation(async () => outcomeOfReply(400, { msg: 'Too many scans' }));
    const { scan, status } = station();
    scan('PO1');
    await settle();
    expect(status().connection).toEqual({
      state: 'queued',
      failures: 1,
      failure: { reason: 'Too many scans' },
    });
    expect(status().pending).toBe(1);
  });
});

describe('a session that ended', () => {
  it('keeps scanning into the queue and sends nothing until the operator has signed in again', async () => {
    transport.mockImplementation(async () => outcomeOfReply(401, { msg: 'Unauthorized' }));
    const { scan, sender, status, held } = station();
    scan('PO1');
    await settle();
    expect(status().connection).toEqual({ state: 'signedOut' });
    scan('PO2');
    sender.sendNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(transport).toHaveBeenCalledTimes(1);
    expect(held().map((queued) => queued.payload.barcode)).toEqual(['PO1', 'PO2']);
    expect(status().pending).toBe(2);

    transport.mockImplementation(answering());
    sender.sessionRenewed();
    await settle();
    expect(calls().at(-1)).toEqual(['PO1', 'PO2']);
    expect(status()).toMatchObject({ pending: 0, connection: { state: 'live' } });
  });
});

describe('queuing by hand', () => {
  it('sends nothing until Send now or the switch goes off, in slices of 500', async () => {
    const { scan, sender, status } = station({ manual: true });
    for (let n = 1; n <= 1_200; n += 1) scan(`PO${n}`);
    await settle();
    expect(transport).not.toHaveBeenCalled();
    expect(status()).toMatchObject({ pending: 1_200, notice: { type: 'queued', barcode: 'PO1200' } });

    sender.sendNow();
    await settle();
    expect(calls().map((barcodes) => barcodes.length)).toEqual([500, 500, 200]);
    expect(calls().flat().slice(0, 3)).toEqual(['PO1', 'PO2', 'PO3']);
    expect(calls()[2]?.at(-1)).toBe('PO1200');
    expect(status()).toMatchObject({ pending: 0, manual: true });

    scan('PO1201');
    sender.setManual(false);
    await settle();
    expect(calls().at(-1)).toEqual(['PO1201']);
  });
});

describe('exceptions', () => {
  it('keeps each one until acknowledged, and takes no exception at this station’s own rescan', async () => {
    transport.mockImplementation(async () => NO_ANSWER);
    const { scan, sender, status } = station();
    for (const barcode of ['PO1', 'PO1', 'PO2', 'NOPE', 'NOPE']) scan(barcode);
    await settle();
    // PO1 is received here, then scanned again here; PO2 was received by another station first.
    const seen = new Set<string>();
    transport.mockImplementation(async (_kind, scans) => ({
      outcome: { type: 'answered' },
      verdicts: scans.map((wire) => {
        if (wire.barcode === 'NOPE') return verdictOf(wire, 'NOT_FOUND');
        const code = wire.barcode === 'PO1' && !seen.has(wire.barcode) ? 'RECEIVED' : 'ALREADY_RECEIVED';
        seen.add(wire.barcode);
        return verdictOf(wire, code);
      }),
    }));
    sender.sendNow();
    await settle();
    // Two exceptions for the two scans of NOPE: a later one never replaces an earlier one.
    expect(status().exceptions.map((kept) => `${kept.barcode} ${kept.verdict.code}`)).toEqual([
      'PO2 ALREADY_RECEIVED',
      'NOPE NOT_FOUND',
      'NOPE NOT_FOUND',
    ]);
    const first = status().exceptions[0]?.client_scan_id ?? '';
    await sender.acknowledge([first]);
    expect(status().exceptions).toHaveLength(2);
    await sender.acknowledge();
    expect(status().exceptions).toEqual([]);
  });
});

describe('what an earlier page left', () => {
  it('sends it on start, in scan order, none of it live; a scan cut off by a stop is sent again', async () => {
    let release: (reply: TransportReply) => void = () => {};
    transport.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    const store = new MemoryStationStore();
    const first = station({ store });
    first.scan('PO1');
    await settle();
    expect(transport).toHaveBeenCalledOnce();
    // The page closes while the call is on its way: its late answer changes nothing.
    first.sender.stop();
    release({ outcome: { type: 'answered' }, verdicts: [] });
    await settle();
    expect(await store.count('hub')).toBe(1);

    transport.mockImplementation(answering());
    const second = station({ store });
    await settle();
    expect(calls().at(-1)).toEqual(['PO1']);
    expect(second.answers()).toMatchObject([{ live: false, verdict: { code: 'RECEIVED' } }]);
    expect(second.status()).toMatchObject({ pending: 0, notice: { type: 'sent', count: 1, exceptions: 0 } });
  });
});
