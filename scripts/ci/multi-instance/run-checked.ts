/**
 * The entry both CI checks share (multi-instance.ts, rolling-restart.ts): run, report, and clean up once,
 * whether the run ends or is interrupted. The children go first: the scratch database is dropped only once
 * nothing uses it.
 */
import { killAll } from './processes.ts';

export type Cleanups = (() => Promise<void> | void)[];

/** Runs `run` and `report`s its result: the exit code, 0 when the report says it passed. */
export async function runChecked<Result>(
  run: (cleanups: Cleanups) => Promise<Result>,
  report: (result: Result) => boolean,
): Promise<number> {
  const cleanups: Cleanups = [];
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await killAll();
      for (const cleanup of cleanups.reverse())
        await Promise.resolve()
          .then(cleanup)
          .catch((error) => console.error('Clean-up failed:', error));
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  try {
    return report(await run(cleanups)) ? 0 : 1;
  } catch (error) {
    console.error(
      `\nFAIL: the run did not get to its checks: ${error instanceof Error ? error.message : error}`,
    );
    return 1;
  } finally {
    await cleanUp();
  }
}

/** A valid order for `accountSid` (an admin's POST /orders), the same in both checks. */
export const sampleOrder = (accountSid: string, orderNumber: string) => ({
  account_sid: accountSid,
  orderNumber,
  name: 'Jane Doe',
  phone: '+1 206 555 0100',
  address1: '400 Pine St',
  city: 'Seattle',
  state: 'WA',
  country: 'US',
  postalCode: '98101',
  items: [
    {
      skuNumber: 'SKU-1',
      quantity: 1,
      itemDescription: 'T-shirt',
      itemWeight: 400,
      itemWidth: 10,
      itemHeight: 10,
      itemLength: 10,
    },
  ],
});
