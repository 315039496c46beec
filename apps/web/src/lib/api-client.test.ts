/** The upload with progress goes through XMLHttpRequest, yet fails and ends a session as every other call. */
import { Messages, Role } from '@parcelops/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { signInAs } from '../test/session.ts';
import { ApiError, api, errorMessage } from './api-client.ts';
import { takeFlash } from './flash.ts';
import { getToken } from './session.ts';

interface Reply {
  status: number;
  body?: unknown;
}

/** A stand-in XMLHttpRequest that reports the upload in two halves, then answers `reply` (or fails). */
function stubXhr(reply: Reply | 'network-error') {
  const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      sent.push({ url: this.url, headers: this.headers, body });
      for (const loaded of [50, 100])
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 });
      if (reply === 'network-error') return this.onerror?.();
      this.status = reply.status;
      this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

const form = () => new FormData();

describe('api.upload', () => {
  it('sends the token, reports the share sent and answers the reply', async () => {
    const token = signInAs(Role.account, { account_sid: 'acc-1' });
    const sent = stubXhr({ status: 200, body: { imported: 2, failedOrders: [] } });
    const progress: number[] = [];
    const reply = await api.upload('/orders/import', form(), (share) => progress.push(share));
    expect(reply).toEqual({ imported: 2, failedOrders: [] });
    expect(progress).toEqual([0.5, 1]);
    expect(sent[0]?.url).toBe('/api/v1/orders/import');
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it("fails with the server's msg, code and details as an ApiError", async () => {
    signInAs(Role.admin);
    const details = [{ path: 'file', message: 'The file is required.' }];
    stubXhr({ status: 400, body: { msg: 'Invalid file', code: 'VALIDATION_FAILED', details } });
    const failure = api.upload('/orders/import', form(), () => {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'Invalid file',
      code: 'VALIDATION_FAILED',
      details,
    });
  });

  it('ends the session on a 401, with the flash message, as the other calls do', async () => {
    signInAs(Role.admin);
    stubXhr({ status: 401, body: { msg: 'Unauthorized', code: 'UNAUTHORIZED' } });
    await expect(api.upload('/orders/import', form(), () => {})).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(takeFlash()).toEqual({ message: Messages.sessionExpired, tone: 'error' });
  });

  it('turns a network failure into a 500 and an unreadable reply into the generic failure', async () => {
    stubXhr('network-error');
    await expect(api.upload('/orders/import', form(), () => {})).rejects.toMatchObject({
      status: 500,
      code: 'NETWORK',
    });
    stubXhr({ status: 502 });
    await expect(api.upload('/orders/import', form(), () => {})).rejects.toMatchObject({
      status: 502,
      message: Messages.genericFailure,
      code: 'UNKNOWN',
    });
  });
});

describe('errorMessage', () => {
  const failing = (reply: () => Promise<Response>) => vi.stubGlobal('fetch', vi.fn(reply));
  const caught = (call: Promise<unknown>) =>
    call.then(
      () => expect.unreachable('the call should fail'),
      (error: unknown) => error,
    );

  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it("says the server cannot be reached, in the chosen language, where fetch says 'Failed to fetch'", async () => {
    failing(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await caught(api.get('/orders'));
    // The ApiError keeps the browser's words (spec §8: a 500 with the error's message); people read the spec's.
    expect(error).toMatchObject({ status: 500, code: 'NETWORK', message: 'Failed to fetch' });
    expect(errorMessage(error)).toBe(Messages.serverUnreachable);
    await changeLanguage('vi');
    expect(errorMessage(error)).toBe('Không thể kết nối tới máy chủ');
  });

  it('says the same of an upload that never reached the server', async () => {
    stubXhr('network-error');
    const error = await caught(api.upload('/orders/import', form(), () => {}));
    await changeLanguage('vi');
    expect(errorMessage(error)).toBe('Không thể kết nối tới máy chủ');
  });

  it("renders the server's key and params in the chosen language, nested texts included, else its msg", async () => {
    const body = {
      msg: 'Only a Generated order can become Order Failed: from Processed an order can go to Delivered or Failed.',
      code: 'STATUS_TRANSITION_REFUSED',
      key: 'orders.transition.orderFailedLate',
      params: {
        from: { key: 'orders.status.3' },
        to: { key: 'orders.status.10' },
        allowed: {
          key: 'orders.transition.either',
          params: { a: { key: 'orders.status.4' }, b: { key: 'orders.status.5' } },
        },
      },
    };
    failing(async () => new Response(JSON.stringify(body), { status: 409 }));
    const error = await caught(api.put('/orders/x', {}));
    expect(errorMessage(error)).toBe(body.msg);
    await changeLanguage('vi');
    expect(errorMessage(error)).toBe(
      'Chỉ đơn hàng ở trạng thái Đã tạo mới có thể chuyển thành Đơn lỗi: từ Đã xử lý đơn có thể chuyển sang Đã giao hoặc Thất bại.',
    );

    failing(async () => new Response(JSON.stringify({ ...body, key: 'orders.someday' }), { status: 409 }));
    expect(errorMessage(await caught(api.put('/orders/x', {})))).toBe(body.msg);
  });
});
