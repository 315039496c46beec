import {
  type ChangePasswordInput,
  type CreateUserInputSchema,
  type ListUsersQuery,
  Messages,
  Role,
  roleFromNumber,
  roleName,
  type UpdateUserInputSchema,
  type User,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError, fieldError, isUniqueViolation } from '../../lib/app-error.ts';
import { newSid } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Actor } from '../../plugins/access.ts';
import type { SessionUsers } from '../../plugins/session-users.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
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

const userNotFound = () => AppError.notFound('User not found.');
const usernameTaken = (username: string) => AppError.conflict(`The username ${username} is already taken.`);
const lastAdmin = () => AppError.conflict('There must always be at least one admin.');

export class UsersService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionUsers,
  ) {}

  async list(actor: Actor, query: ListUsersQuery): Promise<User[]> {
    if (actor.role === Role.admin)
      return (await usersRepository.list(this.db, { ...query, accountSid: query.account_sid })).map(toUser);
    // Account users see their own account's users only.
    if (query.account_sid && query.account_sid !== actor.accountSid)
      throw AppError.forbidden(Messages.noAccess);
    if (!actor.accountSid) return [];
    if (query.role !== undefined && query.role !== Role.account) return [];
    const rows = await usersRepository.list(this.db, {
      filter: query.filter,
      role: Role.account,
      accountSid: actor.accountSid,
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
    if (actor.role !== Role.admin) {
      // An account user adds colleagues to their own account, and only as account users.
      if (input.role !== Role.account) throw AppError.forbidden('You may only add account users.');
      if (accountSid && accountSid !== actor.accountSid) throw AppError.forbidden(Messages.noAccess);
      accountSid = actor.accountSid;
    }
    if (accountSid && !(await accountsRepository.exists(this.db, accountSid))) {
      throw fieldError('account_sid', 'Account not found.');
    }
    const sid = newSid();
    try {
      await usersRepository.insert(this.db, {
        sid,
        username: input.username,
        passwordHash: await hashPassword(input.initial_password),
        role: input.role,
        accountSid,
        // Product decisions: a user given a password by someone else chooses their own at first sign-in.
        forceChange: true,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken(input.username);
      throw error;
    }
    return this.get(actor, sid);
  }

  async update(actor: Actor, sid: string, input: UpdateUser): Promise<User> {
    const existing = await usersRepository.findBySid(this.db, sid);
    if (!existing || !this.canSee(actor, existing)) throw userNotFound();
    if (actor.role !== Role.admin) {
      if (input.role !== undefined && input.role !== Role.account)
        throw AppError.forbidden('You may only manage account users.');
      if (input.account_sid !== undefined && input.account_sid !== actor.accountSid)
        throw AppError.forbidden(Messages.noAccess);
    }
    const role = input.role ?? roleFromNumber(existing.role);
    const accountSid = input.account_sid === undefined ? existing.accountSid : input.account_sid;
    if (role === Role.account && !accountSid)
      throw fieldError('account_sid', 'Account is required for account users');
    if (input.account_sid && !(await accountsRepository.exists(this.db, input.account_sid))) {
      throw fieldError('account_sid', 'Account not found.');
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
      try {
        await usersRepository.update(tx, sid, changes);
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken(input.username ?? existing.username);
        throw error;
      }
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
    if (actor.userSid !== sid) throw AppError.forbidden('You may only change your own password.');
    const user = await usersRepository.findBySid(this.db, sid);
    if (!user) throw userNotFound();
    if (!(await verifyPassword(input.old_password, user.passwordHash))) {
      throw fieldError('old_password', 'The old password is not correct.');
    }
    if (input.old_password === input.new_password) {
      throw fieldError('new_password', 'The new password must differ from the old one.');
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
    if (actor.role === Role.admin || row.sid === actor.userSid) return true;
    return (
      actor.role === Role.account &&
      actor.accountSid !== null &&
      row.accountSid === actor.accountSid &&
      row.role === Role.account
    );
  }
}
