import { type ApiKey, type CreatedApiKey, text } from '@parcelops/shared';
import type { Database, Executor } from '../../db/database.ts';
import {
  type Actor,
  ADMINS_ONLY,
  accountScope,
  crossesAccounts,
  ownsAccount,
} from '../../lib/account-scope.ts';
import { generateApiToken, hashApiToken, tokenHint } from '../../lib/api-tokens.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { newSid } from '../../lib/ids.ts';
import { accountExists } from '../accounts/accounts.service.ts';
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

/** The key whose token this is, with whether its account is active; auth reads it on every call by a key. */
export function findApiKeyByToken(db: Executor, token: string) {
  return apiKeysRepository.findByTokenHash(db, hashApiToken(token));
}

/** Notes that the key was used (at most once a minute per key: busy integrations do not write on every call). */
export function recordApiKeyUse(db: Executor, sid: string, now = new Date()): Promise<void> {
  return apiKeysRepository.touchLastUsed(db, sid, now);
}

/**
 * What to call the API keys behind these sids where a record names who did something (the order history), in
 * one query: keys have no label, so "API key …" and the sid's last 4 characters, marked when deleted since.
 */
export async function apiKeyNamesOf(db: Executor, sids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(sids)];
  const existing = await apiKeysRepository.existing(db, unique);
  return new Map(
    unique.map((sid) => [sid, `API key …${sid.slice(-4)}${existing.has(sid) ? '' : ' (deleted)'}`]),
  );
}

export class ApiKeysService {
  constructor(private readonly db: Database) {}

  /** Admins name the account (spec §7: GET /keys with account_sid for admin); sellers always get their own. */
  private async accountFor(actor: Actor, requested: string | undefined): Promise<string> {
    const account = accountScope(actor, requested, ADMINS_ONLY);
    if (!account) throw fieldError('account_sid', text('apiKeys.accountRequired'));
    if (crossesAccounts(actor, ADMINS_ONLY) && !(await accountExists(this.db, account)))
      throw AppError.notFound(text('accounts.notFound'));
    return account;
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
    if (!row || !ownsAccount(actor, row.accountSid, ADMINS_ONLY))
      throw AppError.notFound(text('apiKeys.notFound'));
    await apiKeysRepository.delete(this.db, sid);
    return { sid };
  }
}
