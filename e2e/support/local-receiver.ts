/**
 * What the journeys' test receivers share (hook-receiver.ts, scripted-receiver.ts): listening on a free port of
 * 127.0.0.1, waiting until a URL has had its requests, and closing with every connection.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';

export interface LocalReceiver<Request> {
  port: number;
  /** Waits until `at(url)` holds `count` requests; those requests. */
  waitFor(url: string, count: number, timeout?: number): Promise<Request[]>;
  close(): Promise<void>;
}

export async function listenLocally<Request>(
  server: Server,
  at: (url: string) => Request[],
  pathOf: (url: string) => string,
): Promise<LocalReceiver<Request>> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async waitFor(url, count, timeout = 20_000) {
      await expect
        .poll(() => at(url).length, { timeout, message: `${count} request(s) at ${pathOf(url)}` })
        .toBeGreaterThanOrEqual(count);
      return at(url);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
