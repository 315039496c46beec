import { type LoginInput, type LoginResponse, Messages, Role, roleFromNumber } from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import type { SessionClaims, SessionTokens } from '../../lib/session-tokens.ts';
import { findUserByUsername } from '../users/users.service.ts';

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly tokens: SessionTokens,
  ) {}

  async login(input: LoginInput): Promise<LoginResponse> {
    const user = await findUserByUsername(this.db, input.username);
    if (!user) {
      await burnPasswordCheck(input.password);
      throw new AppError('INVALID_CREDENTIALS', 401, Messages.loginIncorrect);
    }
    if (!(await verifyPassword(input.password, user.passwordHash))) {
      throw new AppError('INVALID_CREDENTIALS', 401, Messages.loginIncorrect);
    }
    const role = roleFromNumber(user.role);
    if (role === Role.account && user.accountActive === false) {
      throw AppError.forbidden('This account is inactive. Please contact support.');
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
