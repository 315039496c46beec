import {
  type Account,
  type AccountSummary,
  ADMIN_ONLY_ACCOUNT_FIELDS,
  type CreateAccountInputSchema,
  type CreditUnit,
  ErrorCode,
  Role,
  text,
  type UpdateAccountInputSchema,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/database.ts';
import {
  type Actor,
  ADMINS_ONLY,
  accountScope,
  assertOwns,
  crossesAccounts,
} from '../../lib/account-scope.ts';
import { AppError, fieldError, isForeignKeyViolation } from '../../lib/app-error.ts';
import { assertPublicHook, type HookUrlCheckOptions } from '../../lib/hook-url.ts';
import { newSid } from '../../lib/ids.ts';
import { priceTableExists } from '../price-tables/price-tables.service.ts';
import { vendorExists } from '../vendors/vendors.service.ts';
import { type AccountRowWithVendor, accountsRepository, type NewAccountRow } from './accounts.repository.ts';
import { recordCreditChange } from './credit-ledger.ts';

type CreateAccount = z.output<typeof CreateAccountInputSchema>;
type UpdateAccount = z.output<typeof UpdateAccountInputSchema>;

export function toAccount(row: AccountRowWithVendor): Account {
  return {
    sid: row.sid,
    name: row.name,
    email: row.email,
    role: row.role,
    is_active: row.isActive,
    vendor_sid: row.vendorSid,
    price_sid: row.priceSid,
    vendor: row.vendorName,
    order_status_hook: row.orderStatusHook,
    address: row.address ?? null,
    use_credit: row.useCredit,
    credit_balance: Number(row.creditBalance),
    credit_unit: row.creditUnit,
    date_created: row.dateCreated.toISOString(),
  };
}

const UPDATABLE_ACCOUNT_FIELDS = [
  'name',
  'email',
  'is_active',
  'vendor_sid',
  'price_sid',
  'order_status_hook',
  'address',
  'use_credit',
  'credit_unit',
] as const satisfies readonly (keyof UpdateAccount)[];

const accountNotFound = () => AppError.notFound(text('accounts.notFound'));

export type { AccountRow, AccountRowWithVendor } from './accounts.repository.ts';

/** For the domains built on accounts (users, API keys, declarations), which never read its repository. */
export function accountExists(db: Executor, sid: string): Promise<boolean> {
  return accountsRepository.exists(db, sid);
}

/** The unit the account pays in (undefined: no such account), for the dashboard's spend figures. */
export function accountCreditUnit(db: Executor, sid: string): Promise<CreditUnit | undefined> {
  return accountsRepository.creditUnitOf(db, sid);
}

/**
 * The account with its vendor's name, for the domains built on accounts (orders price and charge by it).
 * Not locked: a balance change reads the balance under the ledger's lock (credit-ledger.ts).
 */
export function findAccount(db: Executor, sid: string): Promise<AccountRowWithVendor | undefined> {
  return accountsRepository.findBySid(db, sid);
}

/**
 * The account an upload of orders (an import, a batch) is for. Account users (and their API keys) upload for
 * their own account, and get 403 naming another; admins and operators for the account they choose, or their
 * own when they choose none. Missing: 404; inactive: 400.
 */
export async function accountForUpload(
  db: Executor,
  actor: Actor,
  requested: string | undefined,
): Promise<AccountRowWithVendor> {
  const accountSid =
    accountScope(actor, requested) ?? (crossesAccounts(actor) ? actor.accountSid : undefined);
  if (!accountSid) throw fieldError('account_sid', text('accounts.chooseAccount'));
  const account = await findAccount(db, accountSid);
  if (!account) throw accountNotFound();
  if (!account.isActive) throw AppError.badRequest(text('accounts.inactive', { name: account.name }));
  return account;
}

/**
 * Locks the account row until the transaction ends, or answers false when the account is gone: a writer of
 * many orders (an import) takes it first, so an account deleted meanwhile is a 404 rather than a foreign-key
 * failure, and the deletion waits for the write (then refuses: the account has orders). The credit ledger's
 * own lock (FOR UPDATE), so a charge later in the same transaction never upgrades a weaker one: two
 * transactions upgrading FOR SHARE to FOR UPDATE on one row deadlock.
 */
export async function lockAccount(tx: Transaction, sid: string): Promise<boolean> {
  return (await accountsRepository.lockForCredit(tx, sid)) !== undefined;
}

/**
 * What the domains built on accounts do when one is deleted. The composition root (services.ts) passes it in,
 * so accounts never imports the domains above it.
 */
export interface AccountDeletionHooks {
  /**
   * In the deleting transaction, before the account row goes (its account users, API keys, declarations and
   * ledger go with it by cascade): users detach the staff attached to it.
   */
  beforeDelete(tx: Transaction, accountSid: string): Promise<void>;
}

/** The users remembered for sessions (users' SessionUsers), forgotten when an account changes. */
export interface RememberedSessions {
  forgetAll(): void;
}

/**
 * The order status hook URL of each account (null: none set); accounts that do not exist are absent. For the
 * webhooks' deliveries, which read it at each attempt so a changed URL takes effect at once.
 */
export function hookUrlsOf(
  db: Executor,
  accountSids: readonly string[],
): Promise<Map<string, string | null>> {
  return accountsRepository.hookUrls(db, accountSids);
}

export class AccountsService {
  constructor(
    private readonly db: Database,
    private readonly sessions: RememberedSessions,
    private readonly deletion: AccountDeletionHooks,
    private readonly hookUrlCheck: HookUrlCheckOptions = {},
  ) {}

  /** Admins see whole accounts; operators only sid and name, for account pickers (product decisions). */
  async list(actor: Actor, filter?: string): Promise<Account[] | AccountSummary[]> {
    if (actor.role === Role.admin) return (await accountsRepository.list(this.db, filter)).map(toAccount);
    if (actor.role === Role.operator) return accountsRepository.listSummaries(this.db, filter);
    throw AppError.forbidden(text('access.noPermissionViewAccounts'));
  }

  async get(actor: Actor, sid: string): Promise<Account> {
    assertOwns(actor, sid, ADMINS_ONLY);
    const row = await accountsRepository.findBySid(this.db, sid);
    if (!row) throw accountNotFound();
    return toAccount(row);
  }

  async create(actor: Actor, input: CreateAccount): Promise<Account> {
    await this.checkReferences(this.db, input);
    await assertPublicHook(input.order_status_hook, this.hookUrlCheck);
    const sid = newSid();
    await this.db.transaction(async (tx) => {
      await accountsRepository.insert(tx, {
        sid,
        name: input.name,
        email: input.email,
        isActive: input.is_active,
        vendorSid: input.vendor_sid,
        priceSid: input.price_sid,
        orderStatusHook: input.order_status_hook,
        address: input.address ?? null,
        useCredit: input.use_credit,
        creditUnit: input.credit_unit,
      });
      if (input.topup) {
        await recordCreditChange(
          tx,
          { accountSid: sid, kind: 'topup', amount: input.topup, createdBy: actor.userSid },
          topupShortfall,
        );
      }
    });
    return this.get(actor, sid);
  }

  async update(actor: Actor, sid: string, input: UpdateAccount): Promise<Account> {
    assertOwns(actor, sid, ADMINS_ONLY);
    if (!crossesAccounts(actor, ADMINS_ONLY)) {
      const refused = ADMIN_ONLY_ACCOUNT_FIELDS.filter((field) => input[field] !== undefined);
      if (refused.length > 0)
        throw AppError.forbidden(text('accounts.noPermissionToChange', { fields: refused.join(', ') }));
    }
    // A zero topup books nothing; with no field given either, the call would change nothing at all.
    if (!input.topup && UPDATABLE_ACCOUNT_FIELDS.every((field) => input[field] === undefined)) {
      throw AppError.badRequest(
        text('accounts.nothingToChange', { fields: UPDATABLE_ACCOUNT_FIELDS.join(', ') }),
      );
    }
    const existing = await accountsRepository.findBySid(this.db, sid);
    if (!existing) throw accountNotFound();
    await this.checkReferences(this.db, input);
    await assertPublicHook(input.order_status_hook, this.hookUrlCheck);
    const unitChanges = input.credit_unit !== undefined && input.credit_unit !== existing.creditUnit;
    if (unitChanges && Number(existing.creditBalance) !== 0) {
      throw fieldError('credit_unit', text('accounts.unitLocked'));
    }
    const changes: Partial<NewAccountRow> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined) changes.email = input.email;
    if (input.is_active !== undefined) changes.isActive = input.is_active;
    if (input.vendor_sid !== undefined) changes.vendorSid = input.vendor_sid;
    if (input.price_sid !== undefined) changes.priceSid = input.price_sid;
    if (input.order_status_hook !== undefined) changes.orderStatusHook = input.order_status_hook;
    if (input.address !== undefined) changes.address = input.address;
    if (input.use_credit !== undefined) changes.useCredit = input.use_credit;
    if (input.credit_unit !== undefined) changes.creditUnit = input.credit_unit;
    await this.db.transaction(async (tx) => {
      await accountsRepository.update(tx, sid, changes);
      if (input.topup) {
        await recordCreditChange(
          tx,
          { accountSid: sid, kind: 'topup', amount: input.topup, createdBy: actor.userSid },
          topupShortfall,
        );
      }
    });
    // is_active decides whether the account's users may sign in at all.
    if (changes.isActive !== undefined) this.sessions.forgetAll();
    return this.get(actor, sid);
  }

  /**
   * Deletes the account with its account users, API keys and ledger. Operators and admins attached to it
   * only lose the attachment: staff outlive the accounts they belong to (and the last admin is never lost).
   * An account with orders is kept: they are its money and customs record. Orders refer to it with RESTRICT,
   * so the database refuses the delete and rolls the transaction back; accounts need not ask orders first.
   */
  async delete(sid: string): Promise<{ sid: string }> {
    const account = await accountsRepository.findBySid(this.db, sid);
    if (!account) throw accountNotFound();
    try {
      await this.db.transaction(async (tx) => {
        await this.deletion.beforeDelete(tx, sid);
        await accountsRepository.delete(tx, sid);
      });
      this.sessions.forgetAll();
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw new AppError(ErrorCode.IN_USE, 409, text('accounts.hasOrders', { name: account.name }));
      throw error;
    }
    return { sid };
  }

  private async checkReferences(db: Executor, input: { vendor_sid?: string; price_sid?: string | null }) {
    if (input.vendor_sid && !(await vendorExists(db, input.vendor_sid))) {
      throw fieldError('vendor_sid', text('vendors.notFound'));
    }
    if (input.price_sid && !(await priceTableExists(db, input.price_sid))) {
      throw fieldError('price_sid', text('pricing.notFound'));
    }
  }
}

const topupShortfall = (balance: string, amount: string) =>
  text('accounts.topupShortfall', { balance, amount });
