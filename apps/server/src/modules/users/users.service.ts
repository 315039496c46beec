import {
  type ChangePasswordInput,
  type CreateUserInputSchema,
  type ListUsersQuery,
  Role,
  roleFromNumber,
  roleName,
  text,
  type UpdateUserInputSchema,
  type User,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/database.ts';
import {
  type Actor,
  ADMINS_ONLY,
  accountScope,
  assertOwns,
  crossesAccounts,
  ownsAccount,
} from '../../lib/account-scope.ts';
import { AppError, fieldError, unlessTaken } from '../../lib/app-error.ts';
import { newSid } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { accountExists } from '../accounts/accounts.service.ts';
import type { SessionUsers } from './session-users.ts';
import { type NewUserRow, type UserWithAccount, usersRepository } from './users.repository.ts';

type CreateUser = z.output<typeof CreateUserInputSchema>;
type UpdateUser = z.output<typeof UpdateUserInputSchema>;

export function toUser(row: UserWithAccount): User {
  const role = roleFromNumber(row.role);
  return {
    sid: row.sid,
    username: row.username,
    role,
    access: roleName(role),
    account_sid: row.accountSid,
    account_name: row.accountName,
    force_change: row.forceChange,
    date_created: row.dateCreated.toISOString(),
  };
}

const UPDATABLE_USER_FIELDS = [
  'username',
  'role',
  'account_sid',
  'password',
] as const satisfies readonly (keyof UpdateUser)[];

/** The user of this username, any letter case, with their account's state; auth logs people in by it. */
export function findUserByUsername(db: Executor, username: string): Promise<UserWithAccount | undefined> {
  return usersRepository.findByUsername(db, username);
}

/** The user of this sid with their account's state; auth reads the user behind every session by it. */
export function findUserBySid(db: Executor, sid: string): Promise<UserWithAccount | undefined> {
  return usersRepository.findBySid(db, sid);
}

/**
 * What to call the people behind these user sids where a record names who did something (the order history),
 * in one query: their usernames, and for a user deleted since, "Deleted user …" and the sid's last 4 characters.
 */
export async function usernamesOf(db: Executor, sids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(sids)];
  const found = await usersRepository.usernames(db, unique);
  return new Map(unique.map((sid) => [sid, found.get(sid) ?? `Deleted user …${sid.slice(-4)}`]));
}

/**
 * Users' part in deleting an account (services.ts hands it to AccountsService, which cannot import users):
 * operators and admins attached to the account stay, unattached; its account users go with it by cascade.
 */
export function detachStaffFromAccount(tx: Transaction, accountSid: string): Promise<void> {
  return usersRepository.detachStaffFromAccount(tx, accountSid);
}

const userNotFound = () => AppError.notFound(text('users.notFound'));
const usernameTaken = (username: string) => AppError.conflict(text('users.usernameTaken', { username }));
const lastAdmin = () => AppError.conflict(text('users.lastAdmin'));

export class UsersService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionUsers,
  ) {}

  async list(actor: Actor, query: ListUsersQuery): Promise<User[]> {
    if (crossesAccounts(actor, ADMINS_ONLY))
      return (await usersRepository.list(this.db, { ...query, accountSid: query.account_sid })).map(toUser);
    // Account users see their own account's users only.
    const accountSid = accountScope(actor, query.account_sid, ADMINS_ONLY);
    if (!accountSid) return [];
    if (query.role !== undefined && query.role !== Role.account) return [];
    const rows = await usersRepository.list(this.db, {
      filter: query.filter,
      role: Role.account,
      accountSid,
    });
    return rows.map(toUser);
  }

  async get(actor: Actor, sid: string): Promise<User> {
    const row = await usersRepository.findBySid(this.db, sid);
    if (!row || !this.canSee(actor, row)) throw userNotFound();
    return toUser(row);
  }

  async create(actor: Actor, input: CreateUser): Promise<User> {
    let accountSid = input.account_sid;
    if (!crossesAccounts(actor, ADMINS_ONLY)) {
      // An account user adds colleagues to their own account, and only as account users.
      if (input.role !== Role.account) throw AppError.forbidden(text('users.onlyAddAccountUsers'));
      accountSid = accountScope(actor, accountSid, ADMINS_ONLY) ?? null;
    }
    if (accountSid && !(await accountExists(this.db, accountSid))) {
      throw fieldError('account_sid', text('accounts.notFound'));
    }
    const sid = newSid();
    await unlessTaken(
      usersRepository.insert(this.db, {
        sid,
        username: input.username,
        passwordHash: await hashPassword(input.initial_password),
        role: input.role,
        accountSid,
        // Product decisions: a user given a password by someone else chooses their own at first sign-in.
        forceChange: true,
      }),
      () => usernameTaken(input.username),
    );
    return this.get(actor, sid);
  }

  async update(actor: Actor, sid: string, input: UpdateUser): Promise<User> {
    // A stolen session must not be enough to take the account: one's own password changes only with the
    // old one, through changePassword. This holds for admins too.
    if (input.password !== undefined && sid === actor.userSid) {
      throw fieldError('password', text('users.ownPasswordThroughChange', { sid }));
    }
    // Drizzle refuses an UPDATE without columns; an empty body is the caller's mistake, not a server failure.
    if (UPDATABLE_USER_FIELDS.every((field) => input[field] === undefined)) {
      throw AppError.badRequest(text('users.nothingToChange', { fields: UPDATABLE_USER_FIELDS.join(', ') }));
    }
    const existing = await usersRepository.findBySid(this.db, sid);
    if (!existing || !this.canSee(actor, existing)) throw userNotFound();
    if (!crossesAccounts(actor, ADMINS_ONLY)) {
      if (input.role !== undefined && input.role !== Role.account)
        throw AppError.forbidden(text('users.onlyManageAccountUsers'));
      if (input.account_sid !== undefined) assertOwns(actor, input.account_sid, ADMINS_ONLY);
    }
    const role = input.role ?? roleFromNumber(existing.role);
    const accountSid = input.account_sid === undefined ? existing.accountSid : input.account_sid;
    if (role === Role.account && !accountSid) throw fieldError('account_sid', text('users.accountRequired'));
    if (input.account_sid && !(await accountExists(this.db, input.account_sid))) {
      throw fieldError('account_sid', text('accounts.notFound'));
    }
    const changes: Partial<NewUserRow> = {};
    if (input.username !== undefined) changes.username = input.username;
    if (input.role !== undefined) changes.role = input.role;
    if (input.account_sid !== undefined) changes.accountSid = input.account_sid;
    if (input.password !== undefined) {
      changes.passwordHash = await hashPassword(input.password);
      // Product decisions: a password set by someone else must be replaced at the next sign-in.
      changes.forceChange = true;
      changes.sessionVersion = existing.sessionVersion + 1;
    }
    await this.db.transaction(async (tx) => {
      if (existing.role === Role.admin) await usersRepository.lockAdmins(tx);
      await unlessTaken(usersRepository.update(tx, sid, changes), () =>
        usernameTaken(input.username ?? existing.username),
      );
      if (
        existing.role === Role.admin &&
        role !== Role.admin &&
        (await usersRepository.countByRole(tx, Role.admin)) === 0
      ) {
        throw lastAdmin();
      }
    });
    this.sessions.forgetAll();
    return this.get(actor, sid);
  }

  async delete(actor: Actor, sid: string): Promise<{ sid: string }> {
    const existing = await usersRepository.findBySid(this.db, sid);
    if (!existing || !this.canSee(actor, existing)) throw userNotFound();
    await this.db.transaction(async (tx) => {
      if (existing.role === Role.admin) await usersRepository.lockAdmins(tx);
      await usersRepository.delete(tx, sid);
      if (existing.role === Role.admin && (await usersRepository.countByRole(tx, Role.admin)) === 0)
        throw lastAdmin();
    });
    this.sessions.forgetAll();
    return { sid };
  }

  /** Product decisions: the old password must be given; the change retires every earlier session. */
  async changePassword(actor: Actor, sid: string, input: ChangePasswordInput): Promise<void> {
    if (actor.userSid !== sid) throw AppError.forbidden(text('users.onlyOwnPassword'));
    const user = await usersRepository.findBySid(this.db, sid);
    if (!user) throw userNotFound();
    if (!(await verifyPassword(input.old_password, user.passwordHash))) {
      throw fieldError('old_password', text('users.oldPasswordWrong'));
    }
    if (input.old_password === input.new_password) {
      throw fieldError('new_password', text('users.newPasswordSame'));
    }
    await usersRepository.update(this.db, sid, {
      passwordHash: await hashPassword(input.new_password),
      forceChange: false,
      sessionVersion: user.sessionVersion + 1,
    });
    this.sessions.forgetAll();
  }

  /** Account users see the account users of their own account; staff attached to it stay out of sight. */
  private canSee(actor: Actor, row: UserWithAccount): boolean {
    if (crossesAccounts(actor, ADMINS_ONLY) || row.sid === actor.userSid) return true;
    return actor.role === Role.account && row.role === Role.account && ownsAccount(actor, row.accountSid);
  }
}
