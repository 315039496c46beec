/**
 * The steady load of the rolling-restart check: `concurrency` callers through the proxy, each in turn creating
 * an order (201), listing the account's orders (200) and hub-scanning an order created earlier (200), until
 * `stop` resolves. Any other status, or a network error, is a failed request.
 */
import type { Api } from '../multi-instance/api.ts';
import { sampleOrder } from '../multi-instance/run-checked.ts';

export interface LoadOptions {
  api: Api;
  accountSid: string;
  concurrency: number;
  stop: Promise<void>;
}

export interface LoadResult {
  requests: number;
  byKind: Record<'create' | 'list' | 'scan', number>;
  /** The sids of the orders answered 201. */
  created: string[];
  failures: string[];
}

export async function runLoad({ api, accountSid, concurrency, stop }: LoadOptions): Promise<LoadResult> {
  const result: LoadResult = {
    requests: 0,
    byKind: { create: 0, list: 0, scan: 0 },
    created: [],
    failures: [],
  };
  const toScan: string[] = [];
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  let numbers = 0;

  const call = async (
    kind: keyof LoadResult['byKind'],
    method: 'GET' | 'POST',
    route: string,
    expected: number,
    body?: unknown,
  ): Promise<unknown> => {
    result.requests++;
    result.byKind[kind]++;
    try {
      const reply = await api.call(method, route, body, 30_000);
      if (reply.status !== expected) {
        result.failures.push(`${method} ${route} answered ${reply.status} ${reply.body.slice(0, 200)}`);
        return undefined;
      }
      return JSON.parse(reply.body);
    } catch (error) {
      result.failures.push(`${method} ${route}: ${error instanceof Error ? error.message : error}`);
      return undefined;
    }
  };

  const caller = async (id: number) => {
    for (let turn = id; !stopped; turn++) {
      const step = turn % 3;
      if (step === 0) {
        const order = (await call(
          'create',
          'POST',
          '/orders',
          201,
          sampleOrder(accountSid, `ROLL-${++numbers}`),
        )) as { sid: string; barcode: string } | undefined;
        if (order) {
          result.created.push(order.sid);
          toScan.push(order.barcode);
        }
      } else if (step === 2 && toScan.length > 0) {
        const barcode = toScan.shift() as string;
        await call('scan', 'GET', `/orders/scan/barcode/${encodeURIComponent(barcode)}?hub=SGN`, 200);
      } else await call('list', 'GET', `/orders?account_sid=${accountSid}&page_size=20`, 200);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, id) => caller(id)));
  return result;
}
