/**
 * A server killed (SIGKILL) while a delivery is in flight loses no event: on PGlite the server started again
 * on the same data directory hands the killed run's jobs back and delivers the event, with the same webhook-id.
 * (On PostgreSQL the same job is handed back by pg-boss's expiry, two minutes later: too slow for this suite;
 * the deployment test of the production issue covers it.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { Child, killChildren, startSignedInServer } from '../../../test/child-server.ts';
import { startHookReceiver } from '../../../test/hook-receiver.ts';

const ADMIN_PASSWORD = 'Crash#Admin2026';
/**
 * The test's limit: far above what it needs (two server starts, two deliveries), so a machine busy with other
 * work only slows it down. Every wait inside shares one deadline a little before it, and returns as soon as
 * its condition holds, so a normal run stays quick.
 */
const TEST_TIMEOUT_MS = 240_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'parcelops-hook-crash-'));
const receiver = await startHookReceiver();
afterAll(async () => {
  await killChildren();
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.DATABASE_URL)('a server killed mid-delivery on PGlite', () => {
  it(
    'delivers the event after it is started again',
    async () => {
      // Leave time for the last failure's message and the children's stop before the test's own limit.
      const deadline = Date.now() + TEST_TIMEOUT_MS - 30_000;
      const remaining = () => Math.max(deadline - Date.now(), 1);

      const { env, api, server, token } = await startSignedInServer(
        dataDir,
        ADMIN_PASSWORD,
        { HOOKS_ALLOW_PRIVATE: '1' },
        remaining(),
      );
      const vendor = await api.ok('POST', '/vendors', {
        token,
        body: { vendor: 'mul', name: 'Hook vendor', api_key: 'k', api_secret: 's' },
      });
      const account = await api.ok('POST', '/accounts', {
        token,
        body: {
          name: 'Hook seller',
          email: 'hook@example.com',
          vendor_sid: vendor.sid,
          order_status_hook: receiver.url,
        },
      });
      receiver.script('silent');
      const event = await api.ok('POST', `/accounts/${account.sid}/hook/test`, { token });
      const [inFlight] = await receiver.waitFor(1, remaining());
      expect(inFlight?.headers['webhook-id']).toBe(event.id);
      await server.stop('SIGKILL');

      const again = Child.start('server again', 'server', env);
      await api.waitUntilHealthy(again, remaining());
      const [, redelivered] = await receiver.waitFor(2, remaining());
      expect(redelivered?.headers['webhook-id']).toBe(event.id);
      for (; ; await sleep(200)) {
        const list = await api.ok('GET', `/accounts/${account.sid}/hook/deliveries`, { token });
        const delivery = list.data.find((each: { id: string }) => each.id === event.id);
        if (delivery.state === 'delivered') {
          // The killed attempt left no record (its transaction never committed); the one that delivered did.
          expect(delivery.attempts).toHaveLength(1);
          break;
        }
        if (Date.now() > deadline) throw again.failure(`the event is still ${delivery.state}`);
      }
      await again.stop('SIGTERM');
      expect(await again.exited).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );
});
