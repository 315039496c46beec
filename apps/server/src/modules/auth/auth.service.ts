/**
 * Logging in, and who is behind a bearer value on every call: a session JWT (a person, whose user is read
 * again, through `SessionUsers`, so a deleted user or a changed password ends the session at once) or an API
 * key (a seller's program acting as its account). The auth plugin asks here; it reads no table itself.
 */
import {
  ErrorCode,
  type LoginInput,
  type LoginResponse,
  Role,
  roleFromNumber,
  text,
} from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { isApiToken } from '../../lib/api-tokens.ts';
import { AppError } from '../../lib/app-error.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import type { SessionClaims, SessionTokens } from '../../lib/session-tokens.ts';
import type { MetricsRecorder } from '../../ops/metrics.ts';
import { findApiKeyByToken, recordApiKeyUse } from '../api-keys/api-keys.service.ts';
import type { SessionUsers } from '../users/session-users.ts';
import { findUserBySid, findUserByUsername } from '../users/users.service.ts';
import { LoginAttempts } from './login-attempts.ts';

/** The caller of one request, and whether their password must be changed before anything else. */
export interface Caller {
  actor: Actor;
  forceChange: boolean;
}

const inactiveAccount = () => AppError.forbidden(text('auth.accountInactive'));

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly tokens: SessionTokens,
    private readonly sessionUsers: SessionUsers,
    /** Counts failed sign-ins (ops/metrics.ts): a burst of them is someone guessing passwords. */
    private readonly metrics?: Pick<MetricsRecorder, 'signInFailed'>,
    /** The sign-in rate limit, shared by every server process on the database. */
    private readonly attempts = new LoginAttempts(db),
  ) {}

  /** The caller behind a bearer value (an API key `po_…` or a session JWT); 401 or 403 when there is none. */
  callerOf(bearer: string): Promise<Caller> {
    return isApiToken(bearer) ? this.apiKeyCaller(bearer) : this.sessionCaller(bearer);
  }

  private async apiKeyCaller(token: string): Promise<Caller> {
    const found = await findApiKeyByToken(this.db, token);
    if (!found) throw new AppError(ErrorCode.UNAUTHORIZED, 401, text('auth.apiKeyInvalid'));
    if (!found.accountActive) throw inactiveAccount();
    await recordApiKeyUse(this.db, found.key.sid);
    const actor: Actor = {
      userSid: null,
      apiKeySid: found.key.sid,
      username: `api-key:${found.key.sid}`,
      role: Role.account,
      accountSid: found.key.accountSid,
      via: 'api_key',
    };
    return { actor, forceChange: false };
  }

  private async sessionCaller(token: string): Promise<Caller> {
    const claims = this.tokens.verify(token);
    if (!claims) throw AppError.unauthorized();
    const user = await this.sessionUsers.find(claims.sub, (sid) => findUserBySid(this.db, sid));
    if (!user || user.sessionVersion !== claims.ver) throw AppError.unauthorized();
    const role = roleFromNumber(user.role);
    if (role === Role.account && user.accountActive === false) throw inactiveAccount();
    return {
      actor: {
        userSid: user.sid,
        apiKeySid: null,
        username: user.username,
        role,
        accountSid: user.accountSid,
        via: 'session',
      },
      forceChange: user.forceChange,
    };
  }

  /** Signs in `input`'s user; `address` is the client's, for the rate limit of attempts (login-attempts.ts). */
  async login(input: LoginInput, address: string): Promise<LoginResponse> {
    // Counted before the password is checked: an attempt over the limit costs no hashing.
    const waitSeconds = await this.attempts.count(address, input.username);
    if (waitSeconds !== null) {
      const error = new AppError(
        ErrorCode.RATE_LIMITED,
        429,
        text('auth.tooManyAttempts', { count: waitSeconds }),
      );
      error.headers = { 'retry-after': String(waitSeconds) };
      throw error;
    }
    const user = await findUserByUsername(this.db, input.username);
    if (!user) {
      await burnPasswordCheck(input.password);
      this.metrics?.signInFailed('invalid_credentials');
      throw new AppError('INVALID_CREDENTIALS', 401, text('auth.loginIncorrect'));
    }
    if (!(await verifyPassword(input.password, user.passwordHash))) {
      this.metrics?.signInFailed('invalid_credentials');
      throw new AppError('INVALID_CREDENTIALS', 401, text('auth.loginIncorrect'));
    }
    const role = roleFromNumber(user.role);
    if (role === Role.account && user.accountActive === false) {
      this.metrics?.signInFailed('account_inactive');
      throw inactiveAccount();
    }
    const claims: SessionClaims = {
      sub: user.sid,
      role,
      account_sid: user.accountSid,
      username: user.username,
      ver: user.sessionVersion,
    };
    return { token: this.tokens.sign(claims), force_change: user.forceChange, user_sid: user.sid };
  }
}
