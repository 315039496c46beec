import { type LoginInput, type LoginResponse, Messages, Role, roleFromNumber } from '@parcelops/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import type { SessionClaims } from '../../plugins/auth.ts';
import { usersRepository } from '../users/users.repository.ts';

export class AuthService {
  constructor(private readonly app: FastifyInstance) {}

  async login(input: LoginInput): Promise<LoginResponse> {
    const user = await usersRepository.findByUsername(this.app.db, input.username);
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
    return { token: this.app.jwt.sign(claims), force_change: user.forceChange, user_sid: user.sid };
  }
}
