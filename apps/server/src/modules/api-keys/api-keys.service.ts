import { type ApiKey, type CreatedApiKey, Messages, Role } from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import { generateApiToken, hashApiToken, tokenHint } from '../../lib/api-tokens.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { newSid } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/access.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { type ApiKeyRow, apiKeysRepository } from './api-keys.repository.ts';

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    sid: row.sid,
    account_sid: row.accountSid,
    token_hint: row.tokenHint,
    last_used: row.lastUsed?.toISOString() ?? null,
    date_created: row.dateCreated.toISOString(),
  };
}

export class ApiKeysService {
  constructor(private readonly db: Database) {}

  /** Admins name the account (spec §7: GET /keys with account_sid for admin); sellers always get their own. */
  private async accountFor(actor: Actor, requested: string | undefined): Promise<string> {
    if (actor.role === Role.admin) {
      if (!requested) throw fieldError('account_sid', 'account_sid is required');
      if (!(await accountsRepository.exists(this.db, requested)))
        throw AppError.notFound('Account not found.');
      return requested;
    }
    if (!actor.accountSid || (requested && requested !== actor.accountSid))
      throw AppError.forbidden(Messages.noAccess);
    return actor.accountSid;
  }

  async list(actor: Actor, accountSid?: string): Promise<ApiKey[]> {
    const rows = await apiKeysRepository.listByAccount(this.db, await this.accountFor(actor, accountSid));
    return rows.map(toApiKey);
  }

  /** The token is returned here and never again: only its hash is stored. */
  async create(actor: Actor, accountSid?: string): Promise<CreatedApiKey> {
    const token = generateApiToken();
    const row = await apiKeysRepository.insert(this.db, {
      sid: newSid(),
      accountSid: await this.accountFor(actor, accountSid),
      tokenHash: hashApiToken(token),
      tokenHint: tokenHint(token),
      createdBy: actor.userSid,
    });
    return { ...toApiKey(row), token };
  }

  async delete(actor: Actor, sid: string): Promise<{ sid: string }> {
    const row = await apiKeysRepository.findBySid(this.db, sid);
    // Another account's key answers as if it did not exist.
    if (!row || (actor.role !== Role.admin && row.accountSid !== actor.accountSid))
      throw AppError.notFound('API key not found.');
    await apiKeysRepository.delete(this.db, sid);
    return { sid };
  }
}
