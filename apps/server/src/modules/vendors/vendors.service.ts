import {
  text,
  type Vendor,
  type VendorCredentials,
  type VendorInput,
  VendorInputSchema,
  type VendorKind,
  type VendorSummary,
} from '@parcelops/shared';
import type { Database, Executor } from '../../db/database.ts';
import { AppError, fieldError, isForeignKeyViolation, unlessTaken } from '../../lib/app-error.ts';
import { newSid } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { type VendorRowWithUse, vendorsRepository } from './vendors.repository.ts';

/** Whether the vendor exists, for accounts, which name one. */
export async function vendorExists(db: Executor, sid: string): Promise<boolean> {
  return Boolean(await vendorsRepository.findBySid(db, sid));
}

const vendorNotFound = () => AppError.notFound(text('vendors.notFound'));
const nameTaken = (name: string) => AppError.conflict(text('vendors.nameTaken', { name }));

function splitInput(input: VendorInput): { kind: VendorKind; name: string; credentials: VendorCredentials } {
  const { vendor, name, ...credentials } = input;
  return { kind: vendor, name, credentials };
}

export class VendorsService {
  constructor(
    private readonly db: Database,
    private readonly secretBox: SecretBox,
  ) {}

  private summary(row: VendorRowWithUse): VendorSummary {
    return {
      sid: row.sid,
      vendor: row.vendor as VendorKind,
      name: row.name,
      date_created: row.dateCreated.toISOString(),
      accounts_count: Number(row.accountsCount),
    };
  }

  private detail(row: VendorRowWithUse): Vendor {
    const credentials = JSON.parse(this.secretBox.open(row.credentials)) as VendorCredentials;
    // Parsing again keeps the reply honest: stored credentials always match the kind's schema.
    const parsed = VendorInputSchema.parse({ ...credentials, vendor: row.vendor, name: row.name });
    const { sid, date_created, accounts_count } = this.summary(row);
    return { ...parsed, sid, date_created, accounts_count };
  }

  async list(filter?: string): Promise<VendorSummary[]> {
    const rows = await vendorsRepository.list(this.db, filter);
    return rows.map((row) => this.summary(row));
  }

  async get(sid: string): Promise<Vendor> {
    const row = await vendorsRepository.findBySid(this.db, sid);
    if (!row) throw vendorNotFound();
    return this.detail(row);
  }

  async create(input: VendorInput): Promise<Vendor> {
    const { kind, name, credentials } = splitInput(input);
    const sid = newSid();
    await unlessTaken(
      vendorsRepository.insert(this.db, {
        sid,
        vendor: kind,
        name,
        credentials: this.secretBox.seal(JSON.stringify(credentials)),
      }),
      () => nameTaken(name),
    );
    return this.get(sid);
  }

  async update(sid: string, input: VendorInput): Promise<Vendor> {
    const existing = await vendorsRepository.findBySid(this.db, sid);
    if (!existing) throw vendorNotFound();
    const { kind, name, credentials } = splitInput(input);
    // Spec §4: a vendor's kind cannot be changed once it exists.
    if (kind !== existing.vendor) throw fieldError('vendor', text('vendors.kindFixed'));
    await unlessTaken(
      vendorsRepository.update(this.db, sid, {
        name,
        credentials: this.secretBox.seal(JSON.stringify(credentials)),
      }),
      () => nameTaken(name),
    );
    return this.get(sid);
  }

  async delete(sid: string): Promise<{ sid: string }> {
    const existing = await vendorsRepository.findBySid(this.db, sid);
    if (!existing) throw vendorNotFound();
    const inUse = (name: string, count: number) =>
      new AppError('IN_USE', 409, text('vendors.inUse', { name, count }));
    if (Number(existing.accountsCount) > 0) throw inUse(existing.name, Number(existing.accountsCount));
    try {
      await vendorsRepository.delete(this.db, sid);
    } catch (error) {
      // An account took this vendor between the check and the delete.
      if (isForeignKeyViolation(error))
        throw inUse(existing.name, await vendorsRepository.countAccountsUsing(this.db, sid));
      throw error;
    }
    return { sid };
  }
}
