/** The station's IndexedDB queue, on fake-indexeddb (the web test setup installs it and empties it per test). */
import type { StationVerdict } from '@parcelops/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueuedScan, StationException, StationKind } from '../station-types.ts';
import { DexieStationStore, openStationStore } from './station-db.ts';
import type { StationStore } from './station-store.ts';

const opened: StationStore[] = [];
async function open(): Promise<StationStore> {
  const store = await openStationStore();
  opened.push(store);
  return store;
}
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

const scan = (n: number, kind: StationKind = 'hub', held = false): QueuedScan => ({
  client_scan_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind,
  payload: { barcode: `PO${n}`, hub: 'SGN' },
  scanned_at: new Date(Date.UTC(2026, 10, 25, 14, 0, n)).toISOString(),
  held,
});

const exceptionOf = (queued: QueuedScan): StationException => ({
  client_scan_id: queued.client_scan_id,
  kind: queued.kind,
  barcode: queued.payload.barcode,
  scanned_at: queued.scanned_at,
  arrived_at: '2026-11-25T15:00:00.000Z',
  verdict: { code: 'NOT_FOUND', barcode: queued.payload.barcode } as StationVerdict,
});

describe('the IndexedDB queue', () => {
  it('keeps scans in scan order, per station kind, and gives them out a slice at a time', async () => {
    const store = await open();
    expect(store).toBeInstanceOf(DexieStationStore);
    expect(store.durable).toBe(true);
    for (const n of [1, 2, 3]) await store.add(scan(n));
    await store.add(scan(4, 'ams'));
    await store.add(scan(5));
    expect(await store.count('hub')).toBe(4);
    expect(await store.count('ams')).toBe(1);
    expect((await store.oldest('hub', 3)).map((queued) => queued.payload.barcode)).toEqual([
      'PO1',
      'PO2',
      'PO3',
    ]);
    // Nothing of the store's own bookkeeping leaks into the scan.
    expect(await store.oldest('ams', 10)).toEqual([scan(4, 'ams')]);
  });

  it('survives the page: a store opened again finds the queue, the exceptions and the last answer', async () => {
    const first = await open();
    await first.add(scan(1));
    await first.add(scan(2));
    await first.settle('hub', {
      answered: [scan(1).client_scan_id],
      exceptions: [exceptionOf(scan(1))],
      receipts: [],
      at: '2026-11-25T15:00:00.000Z',
    });
    first.close();

    const again = await open();
    expect(await again.oldest('hub', 10)).toEqual([scan(2)]);
    expect((await again.exceptions('hub')).map((kept) => kept.barcode)).toEqual(['PO1']);
    expect(await again.lastAnsweredAt('hub')).toBe('2026-11-25T15:00:00.000Z');
    expect(await again.lastAnsweredAt('ams')).toBeNull();
  });

  it('holds the waiting scans but the ones named, answering only those newly held', async () => {
    const store = await open();
    await store.add(scan(1, 'hub', true));
    await store.add(scan(2));
    await store.add(scan(3));
    await store.add(scan(4, 'ams'));
    const newly = await store.hold('hub', new Set([scan(3).client_scan_id]));
    expect(newly.map((queued) => queued.payload.barcode)).toEqual(['PO2']);
    expect((await store.oldest('hub', 10)).map((queued) => queued.held)).toEqual([true, true, false]);
    expect((await store.oldest('ams', 10))[0]?.held).toBe(false);
  });

  it('lets answered scans go, keeps exceptions apart from one another, and remembers receipts', async () => {
    const store = await open();
    for (const n of [1, 2, 3]) await store.add(scan(n));
    await store.settle('hub', {
      answered: [scan(1).client_scan_id, scan(2).client_scan_id],
      exceptions: [exceptionOf(scan(2))],
      receipts: ['PO1'],
      at: '2026-11-25T15:00:00.000Z',
    });
    // A later scan of the same parcel is an exception of its own, beside the first.
    await store.settle('hub', {
      answered: [scan(3).client_scan_id],
      exceptions: [{ ...exceptionOf(scan(3)), barcode: 'PO2' }],
      receipts: [],
      at: '2026-11-25T15:01:00.000Z',
    });
    expect(await store.count('hub')).toBe(0);
    expect((await store.exceptions('hub')).map((kept) => kept.client_scan_id)).toEqual([
      scan(2).client_scan_id,
      scan(3).client_scan_id,
    ]);
    expect(await store.receivedHere(['PO1', 'PO2'])).toEqual(new Set(['PO1']));

    await store.acknowledge('hub', [scan(2).client_scan_id]);
    expect((await store.exceptions('hub')).map((kept) => kept.client_scan_id)).toEqual([
      scan(3).client_scan_id,
    ]);
    await store.acknowledge('hub');
    expect(await store.exceptions('hub')).toEqual([]);
  });

  it('forgets receipts older than a scan may wait', async () => {
    const store = await open();
    await store.settle('hub', {
      answered: [],
      exceptions: [],
      receipts: ['PO1'],
      at: '2026-11-01T00:00:00.000Z',
    });
    await store.settle('hub', {
      answered: [],
      exceptions: [],
      receipts: ['PO2'],
      at: '2026-11-25T00:00:00.000Z',
    });
    expect(await store.receivedHere(['PO1', 'PO2'])).toEqual(new Set(['PO2']));
  });

  it('keeps the queue in memory, and says so, where the browser has no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const store = await open();
    expect(store.durable).toBe(false);
    await store.add(scan(1));
    expect(await store.oldest('hub', 10)).toEqual([scan(1)]);
  });
});
