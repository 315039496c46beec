import { type HsCode, type HsCodeInput, text } from '@parcelops/shared';
import type { Database, Executor } from '../../db/database.ts';
import { AppError, unlessTaken } from '../../lib/app-error.ts';
import { newSid } from '../../lib/ids.ts';
import { type HsCodeRow, hsCodesRepository } from './hs-codes.repository.ts';

const toHsCode = (row: HsCodeRow): HsCode => ({
  sid: row.sid,
  hs_code: row.hsCode,
  description: row.description,
});
const notFound = () => AppError.notFound(text('hsCodes.notFound'));
const taken = (code: string) => AppError.conflict(text('hsCodes.taken', { code }));

/** Which of these HS codes are in the table, for the domains that take HS codes (orders, declarations). */
export function existingHsCodes(db: Executor, codes: string[]): Promise<Set<string>> {
  return hsCodesRepository.existing(db, codes);
}

export class HsCodesService {
  constructor(private readonly db: Database) {}

  async list(filter?: string): Promise<HsCode[]> {
    return (await hsCodesRepository.list(this.db, filter)).map(toHsCode);
  }

  async create(input: HsCodeInput): Promise<HsCode> {
    const sid = newSid();
    await unlessTaken(
      hsCodesRepository.insert(this.db, { sid, hsCode: input.hs_code, description: input.description }),
      () => taken(input.hs_code),
    );
    return { sid, ...input };
  }

  async update(sid: string, input: HsCodeInput): Promise<HsCode> {
    if (!(await hsCodesRepository.findBySid(this.db, sid))) throw notFound();
    await unlessTaken(
      hsCodesRepository.update(this.db, sid, { hsCode: input.hs_code, description: input.description }),
      () => taken(input.hs_code),
    );
    return { sid, ...input };
  }

  async delete(sid: string): Promise<{ sid: string }> {
    if (!(await hsCodesRepository.findBySid(this.db, sid))) throw notFound();
    await hsCodesRepository.delete(this.db, sid);
    return { sid };
  }
}
