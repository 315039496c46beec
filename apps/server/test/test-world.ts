/**
 * The cast most server test files start from: their own app on a fresh database, the admin, an operator and
 * two accounts, A and B, each with a signed-in seller, and an API key of account A. The app is closed when
 * the file's tests are done.
 */
import type { Account, User } from '@parcelops/shared';
import { createOrderAccount } from './order-fixtures.ts';
import { openTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export interface SignedIn {
  user: User;
  token: string;
}

export interface TestWorld {
  t: TestApp;
  /** The bootstrap admin's token. */
  admin: string;
  operator: SignedIn;
  accountA: Account;
  accountB: Account;
  sellerA: SignedIn;
  sellerB: SignedIn;
  /** An API key of account A. */
  keyA: string;
  /** That key's sid (what its actions record). */
  keyASid: string;
}

export interface TestWorldOptions {
  /** Accounts that can place orders (a vendor, a price table, an address), as order tests need. */
  orderAccounts?: boolean;
  /** The username of account A's seller (tests that search users by name choose it). */
  sellerAUsername?: string;
  /** Run the job workers in the test's process (batch orders). */
  workers?: boolean;
  /** Adapters at the edges in place of the defaults (test-app.ts). */
  adapters?: TestAppOptions['adapters'];
}

/** Call at the top level of a test file: `const { t, admin, sellerA } = await openTestWorld();`. */
export async function openTestWorld(options: TestWorldOptions = {}): Promise<TestWorld> {
  const { t, admin } = await openTestApp({}, { workers: options.workers, adapters: options.adapters });
  const newAccount = () => (options.orderAccounts ? createOrderAccount(t, admin) : t.createAccount(admin));
  const accountA = await newAccount();
  const accountB = await newAccount();
  const [operator, sellerA, sellerB] = await Promise.all([
    t.createUser(admin, { role: 1 }),
    t.createUser(admin, { role: 0, account_sid: accountA.sid, username: options.sellerAUsername }),
    t.createUser(admin, { role: 0, account_sid: accountB.sid }),
  ]);
  const { token: keyA, sid: keyASid } = await t.createApiKey(sellerA.token);
  return { t, admin, operator, accountA, accountB, sellerA, sellerB, keyA, keyASid };
}
