import { Role } from '@parcelops/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/session.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { signInAs } from '../../../test/session.ts';
import { outcomeOfReply, postStationScans } from './station-transport.ts';

const scans = [
  {
    client_scan_id: '00000000-0000-4000-8000-000000000001',
    barcode: 'PO1',
    hub: 'SGN' as const,
    scanned_at: '2026-11-25T14:02:00.000Z',
  },
];
const verdict = { client_scan_id: scans[0]?.client_scan_id, barcode: 'PO1', code: 'RECEIVED' };

afterEach(() => vi.useRealTimers());

describe('outcomeOfReply', () => {
  it('answers the verdicts of a 200', () => {
    expect(outcomeOfReply(200, { verdicts: [verdict] })).toEqual({
      outcome: { type: 'answered' },
      verdicts: [verdict],
    });
  });

  it.each([429, 502, 503, 504])('says %i is no answer: the scans wait', (status) => {
    expect(outcomeOfReply(status, { msg: 'Busy', code: 'BUSY' }).outcome).toEqual({ type: 'unreachable' });
  });

  it('tells a 401 apart: the operator must sign in again', () => {
    expect(outcomeOfReply(401, { msg: 'Unauthorized', code: 'UNAUTHORIZED' }).outcome).toEqual({
      type: 'unauthorized',
    });
  });

  it('keeps the server’s words when it refuses the list whole', () => {
    expect(outcomeOfReply(400, { msg: 'Too many scans', code: 'VALIDATION_FAILED' }).outcome).toEqual({
      type: 'refused',
      failure: { reason: 'Too many scans' },
    });
    expect(outcomeOfReply(500, 'not json').outcome).toEqual({
      type: 'refused',
      failure: { reason: 'HTTP 500' },
    });
  });

  it('refuses a 200 that carries no verdicts it can read', () => {
    expect(outcomeOfReply(200, { verdicts: [{ code: 'RECEIVED' }] }).outcome.type).toBe('refused');
    expect(outcomeOfReply(200, null).outcome.type).toBe('refused');
  });
});

describe('postStationScans', () => {
  it('posts the scans to the kind’s batch endpoint with the session', async () => {
    const token = signInAs(Role.operator);
    const fetchMock = stubFetch(() => ({ status: 200, body: { verdicts: [verdict] } }));
    const reply = await postStationScans('hub', scans, 3_000);
    expect(reply.outcome).toEqual({ type: 'answered' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/orders/scan/batch');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${token}`);
    expect(JSON.parse(String(init?.body))).toEqual({ scans });

    await postStationScans('ams', [], 3_000);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/v1/ams/order/batch');
  });

  it('gives up after its timeout, as no answer', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const sent = postStationScans('hub', scans, 3_000);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await sent).outcome).toEqual({ type: 'unreachable' });
  });

  it('answers a network failure as no answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect((await postStationScans('hub', scans, 3_000)).outcome).toEqual({ type: 'unreachable' });
  });

  it('leaves the session alone on a 401: the station asks the operator to sign in', async () => {
    const token = signInAs(Role.operator);
    stubFetch(() => ({ status: 401, body: { msg: 'Unauthorized', code: 'UNAUTHORIZED' } }));
    expect((await postStationScans('hub', scans, 3_000)).outcome).toEqual({ type: 'unauthorized' });
    expect(getToken()).toBe(token);
  });
});
