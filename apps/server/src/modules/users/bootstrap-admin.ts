/**
 * First start (product decisions): with no users at all, create the admin from ADMIN_USERNAME and
 * ADMIN_PASSWORD. Without ADMIN_PASSWORD a random one is generated and printed once, and must be changed at
 * the first sign-in.
 */
import { randomBytes } from 'node:crypto';
import { Role } from '@parcelops/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { newSid } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { usersRepository } from './users.repository.ts';

/** Random, and always meeting the password rules (letter, digit, special character). */
function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}-7a`;
}

export async function bootstrapAdmin(db: Database, config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  if ((await usersRepository.count(db)) > 0) return;
  const password = config.adminPassword ?? generatePassword();
  // Two instances starting on an empty database: the second finds the username taken and leaves it.
  const created = await usersRepository.insertIfFree(db, {
    sid: newSid(),
    username: config.adminUsername,
    passwordHash: await hashPassword(password),
    role: Role.admin,
    forceChange: config.adminPassword === null,
  });
  if (!created) return;
  if (config.adminPassword === null) {
    // Printed once, on purpose: this is the only way to learn the generated password. Written to stderr as well,
    // so a quiet LOG_LEVEL cannot hide it.
    const notice = `Created the first admin "${config.adminUsername}" with the one-time password ${password} (change it at first sign-in)`;
    log.warn(notice);
    if (['error', 'fatal', 'silent'].includes(log.level)) console.error(notice);
  } else {
    log.info(`Created the first admin "${config.adminUsername}" from ADMIN_PASSWORD`);
  }
}
