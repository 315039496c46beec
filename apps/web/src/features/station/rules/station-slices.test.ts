import { STATION_SCANS_MAX, type StationVerdict } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import type { QueuedScan } from '../station-types.ts';
import { matchVerdicts, SEND_TIMEOUT_MS, sendTimeoutMs, takeSlice, wireScan } from './station-slices.ts';

const hubScan = (id: string): QueuedScan<'hub'> => ({
  client_scan_id: id,
  kind: 'hub',
  payload: { barcode: `PO${id}`, hub: 'SGN' },
  scanned_at: '2026-11-25T14:02:00.000Z',
  held: true,
});

describe('takeSlice', () => {
  it('takes the oldest scans, at most the endpoint’s 500', () => {
    const queue = Array.from({ length: 1_200 }, (_, index) => index);
    expect(takeSlice(queue)).toEqual(queue.slice(0, STATION_SCANS_MAX));
    expect(takeSlice(queue, 3)).toEqual([0, 1, 2]);
    expect(takeSlice(queue, 10_000)).toHaveLength(STATION_SCANS_MAX);
    expect(takeSlice([7])).toEqual([7]);
  });
});

describe('sendTimeoutMs', () => {
  it('gives a live scan 3 s, and a backlog’s slice time to be applied', () => {
    expect(sendTimeoutMs(1)).toBe(SEND_TIMEOUT_MS);
    expect(sendTimeoutMs(500)).toBeGreaterThan(sendTimeoutMs(2));
    expect(sendTimeoutMs(500)).toBeLessThan(10_000);
  });
});

describe('wireScan', () => {
  it('sends the payload with the scan’s id and time, nothing of the station’s own', () => {
    expect(wireScan(hubScan('1'))).toEqual({
      client_scan_id: '1',
      barcode: 'PO1',
      hub: 'SGN',
      scanned_at: '2026-11-25T14:02:00.000Z',
    });
  });
});

describe('matchVerdicts', () => {
  it('pairs verdicts to scans by id, in scan order, leaving unanswered scans out', () => {
    const verdict = (id: string) => ({ client_scan_id: id, code: 'RECEIVED' }) as StationVerdict;
    const pairs = matchVerdicts([hubScan('1'), hubScan('2'), hubScan('3')], [verdict('3'), verdict('1')]);
    expect(pairs.map(({ scan, verdict: v }) => `${scan.client_scan_id}:${v.client_scan_id}`)).toEqual([
      '1:1',
      '3:3',
    ]);
  });
});
