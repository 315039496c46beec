/**
 * Who the caller is, and the one rule of what they may touch: an account user (and their API keys) works on
 * their own account only; staff work across accounts. Services ask here instead of writing the rule again.
 * Where operators have no business (people, keys, account details, the credit report) a service passes
 * ADMINS_ONLY, so operators are held to their own account like account users.
 */
import { Role, text } from '@parcelops/shared';
import { AppError } from './app-error.ts';

export interface Actor {
  /** Null when the caller is an API key rather than a person. */
  userSid: string | null;
  /** The API key calling, when the caller is one (null for a person's session). */
  apiKeySid: string | null;
  username: string;
  role: Role;
  accountSid: string | null;
  via: 'session' | 'api_key';
}

export interface ScopeOptions {
  /** The roles that work across accounts; everyone else is held to their own. Default: operators and admins. */
  crossAccount?: readonly Role[];
}

const STAFF: readonly Role[] = [Role.operator, Role.admin];

export const ADMINS_ONLY: ScopeOptions = { crossAccount: [Role.admin] };

/** Whether the actor works across accounts rather than on their own one. */
export function crossesAccounts(actor: Actor, options: ScopeOptions = {}): boolean {
  return (options.crossAccount ?? STAFF).includes(actor.role);
}

/** Whether the actor may touch data of this account (null: data of no account, which only staff reach). */
export function ownsAccount(actor: Actor, accountSid: string | null, options: ScopeOptions = {}): boolean {
  return crossesAccounts(actor, options) || (actor.accountSid !== null && actor.accountSid === accountSid);
}

export interface AssertOwnsOptions extends ScopeOptions {
  /**
   * The refusal: 403 "You do not have access." unless given. Things of another account that must look as if
   * they did not exist (orders, labels, API keys) give their 404 here.
   */
  otherwise?: () => AppError;
}

/** Throws unless the actor may touch data of this account. */
export function assertOwns(actor: Actor, accountSid: string | null, options: AssertOwnsOptions = {}): void {
  if (ownsAccount(actor, accountSid, options)) return;
  throw options.otherwise ? options.otherwise() : AppError.forbidden(text('access.noAccess'));
}

/**
 * The account a call is limited to. Staff get the one they asked for, or undefined for every account (a service
 * that needs one says so). Everyone else always gets their own, and a 403 for asking for another one (or for
 * having none).
 */
export function accountScope(
  actor: Actor,
  requested?: string | null,
  options: ScopeOptions = {},
): string | undefined {
  if (crossesAccounts(actor, options)) return requested || undefined;
  if (!actor.accountSid || (requested && requested !== actor.accountSid))
    throw AppError.forbidden(text('access.noAccess'));
  return actor.accountSid;
}
