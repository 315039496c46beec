/** A seller's hook and its deliveries as the webhooks tests serve them, and a stand-in server that keeps them. */
import type { HookDelivery, HookState } from '@parcelops/shared';
import { type StubReply, stubFetch } from '../../../test/fetch.ts';

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
export const NEW_SECRET = 'whsec_c2Vjb25kIHNlY3JldCBmb3IgdGVzdGluZw==';

export function hookState(overrides: Partial<HookState> = {}): HookState {
  return {
    account_sid: 'acc-1',
    url: 'https://shop.example.com/hook',
    secret: SECRET,
    rotated_at: null,
    previous_secret_until: null,
    failing_since: null,
    disabled_at: null,
    disabled_reason: null,
    disabled_reason_text: null,
    ...overrides,
  };
}

export function delivery(overrides: Partial<HookDelivery> = {}): HookDelivery {
  return {
    id: 'msg_order1',
    type: 'order.status_changed',
    order_sid: 'ord-1',
    barcode: 'PO123456789VN',
    status_label: 'Delivered',
    state: 'delivered',
    created_at: '2025-03-01T10:00:00.000Z',
    next_attempt_at: null,
    body: '{"type":"order.status_changed","timestamp":"2025-03-01T10:00:00.000Z","data":{"barcode":"PO123456789VN"}}',
    attempts: [
      {
        attempted_at: '2025-03-01T10:00:01.000Z',
        status_code: 200,
        duration_ms: 85,
        error: null,
        response_body: 'ok',
      },
    ],
    ...overrides,
  };
}

/** A queued test event, as POST …/hook/test answers it. */
export function testDelivery(): HookDelivery {
  return delivery({
    id: 'msg_test1',
    type: 'webhook.test',
    order_sid: null,
    barcode: null,
    status_label: null,
    state: 'pending',
    created_at: '2025-03-02T09:00:00.000Z',
    next_attempt_at: '2025-03-02T09:00:00.000Z',
    body: '{"type":"webhook.test","timestamp":"2025-03-02T09:00:00.000Z","data":{}}',
    attempts: [],
  });
}

/**
 * Answers the hook routes of account acc-1 from `hook` and `deliveries`, changing them as the server would;
 * `override` answers first (a refusal, say). The returned fetch mock records every call.
 */
export function stubHookServer(
  initial: { hook?: HookState; deliveries?: HookDelivery[] } = {},
  override?: (method: string, path: string) => StubReply | undefined,
) {
  const state = { hook: initial.hook ?? hookState(), deliveries: initial.deliveries ?? [] };
  const base = '/accounts/acc-1/hook';
  const fetch = stubFetch(({ method, path, body }) => {
    const answer = override?.(method, path);
    if (answer) return answer;
    if (method === 'GET' && path === base) return { status: 200, body: state.hook };
    if (method === 'GET' && path === `${base}/deliveries`)
      return { status: 200, body: { data: state.deliveries } };
    if (method !== 'POST' || body !== undefined) return undefined;
    if (path === `${base}/rotate`) {
      state.hook = { ...state.hook, secret: NEW_SECRET, previous_secret_until: '2999-01-01T00:00:00.000Z' };
      return { status: 200, body: state.hook };
    }
    if (path === `${base}/enable`) {
      state.hook = { ...state.hook, disabled_at: null, disabled_reason: null, failing_since: null };
      return { status: 200, body: state.hook };
    }
    if (path === `${base}/test`) {
      const queued = testDelivery();
      state.deliveries = [queued, ...state.deliveries];
      return { status: 202, body: queued };
    }
    const resend = path.match(/^\/accounts\/acc-1\/hook\/deliveries\/([^/]+)\/resend$/);
    const found = state.deliveries.find((item) => item.id === resend?.[1]);
    if (found) return { status: 202, body: { ...found, state: 'pending' } };
    return undefined;
  });
  return { fetch, state };
}

/** The calls the panel made with `method` to `path`. */
export function callsTo(fetch: ReturnType<typeof stubFetch>, method: string, path: string) {
  return fetch.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname.endsWith(path),
  );
}
