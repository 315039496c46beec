/**
 * Reconciliation and submission of an AMS (product decisions, Air manifests). The reconciliation lists what
 * stops the filing and what the broker's entry needs; submission refuses (422, every problem listed) while it
 * finds a problem, else marks the AMS is_updating and enqueues the filing job in the same transaction. The job
 * reconciles again, files through the adapter, and on success keeps the manifest file, marks the AMS submitted
 * and moves its parcels to Processed with a "Departed <hub>" event; a rejected filing ends `failed` with why.
 */
import {
  type Ams,
  HUBS,
  type Hub,
  hubText,
  OrderStatus,
  type Reconciliation,
  reconcileManifest,
  text,
} from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { givingUpOnLastAttempt, type JobAttempt } from '../../jobs/last-attempt.ts';
import type { JobData } from '../../jobs/queues.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError, fieldIssue } from '../../lib/app-error.ts';
import { findAccount } from '../accounts/accounts.service.ts';
import { countWaiting, inManifest, manifestParcels } from '../orders/order-manifest.ts';
import {
  type ChangedBy,
  recordStatusChangesWhere,
  type StatusChangeListener,
  SYSTEM,
} from '../orders/status-change.ts';
import { amsRepository } from './ams.repository.ts';
import { type AmsService, submitReasonColumns } from './ams.service.ts';
import type { FilingAdapter } from './ams-filing.ts';
import { amsNotFound } from './ams-guards.ts';

/** 422 with every problem as a detail (path: the barcode and field), so the admin sees all of them at once. */
function unfileable(name: string, reconciliation: Reconciliation): AppError {
  const count = reconciliation.problems.length;
  return new AppError(
    'VALIDATION_FAILED',
    422,
    text('ams.cannotFile', { name, count }),
    reconciliation.problems.map((problem) =>
      fieldIssue(`${problem.barcode}.${problem.field}`, {
        key: problem.key,
        ...(problem.params ? { params: problem.params } : {}),
      }),
    ),
  );
}

export class AmsSubmissionService {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobSender,
    private readonly manifests: Pick<AmsService, 'get'>,
    private readonly notify: StatusChangeListener,
    /** Where filings go: chosen in the composition root (services.ts), the built-in workbook by default. */
    private readonly filing: FilingAdapter,
  ) {}

  /** The findings, and how many received parcels at the AMS's hub no manifest holds (they would miss it). */
  async reconciliation(amsSid: string): Promise<Reconciliation> {
    const row = await amsRepository.find(this.db, amsSid);
    if (!row) throw amsNotFound();
    const [parcels, waiting] = await Promise.all([
      manifestParcels(this.db, amsSid),
      countWaiting(this.db, row.location),
    ]);
    return reconcileManifest(parcels, waiting);
  }

  /** POST /ams/submitAms: 202 with the AMS (is_updating) once the filing job is queued. */
  async submit(actor: Actor, amsSid: string): Promise<Ams> {
    await this.db.transaction(async (tx) => {
      const row = await amsRepository.lock(tx, amsSid);
      if (!row) throw amsNotFound();
      if (row.isUpdating) throw AppError.conflict(text('ams.submittingAlready', { name: row.name }));
      if (row.submitStatus !== 'initiated')
        throw AppError.conflict(
          row.submitStatus === 'submitted'
            ? text('ams.submittedAlready', { name: row.name })
            : text('ams.filingFailedReset', { name: row.name }),
        );
      const parcels = await manifestParcels(tx, amsSid);
      if (parcels.length === 0) throw AppError.conflict(text('ams.noParcels', { name: row.name }));
      const reconciliation = reconcileManifest(parcels);
      if (reconciliation.problems.length > 0) throw unfileable(row.name, reconciliation);
      await amsRepository.update(tx, amsSid, { isUpdating: true, ...submitReasonColumns(null) });
      await this.jobs.enqueue(tx, 'ams.submit', { amsSid, userSid: actor.userSid });
    });
    return this.manifests.get(amsSid);
  }

  /**
   * The filing job (ams.jobs.ts): files the AMS as the admin who submitted it. On the last attempt a failure
   * that is not the filing's own clears is_updating with the reason first, so no AMS stays "being submitted".
   */
  async fileJob(job: JobData['ams.submit'], attempt: JobAttempt): Promise<void> {
    await givingUpOnLastAttempt(
      attempt,
      () => this.file(job.amsSid, { userSid: job.userSid, apiKeySid: null }),
      () =>
        amsRepository.update(this.db, job.amsSid, {
          isUpdating: false,
          ...submitReasonColumns(text('ams.filingGaveUp')),
        }),
    );
  }

  /** Files the AMS once, however often it runs. */
  async file(amsSid: string, by: ChangedBy = SYSTEM): Promise<void> {
    const row = await amsRepository.find(this.db, amsSid);
    if (row?.submitStatus !== 'initiated' || !row.isUpdating) return;
    const parcels = await manifestParcels(this.db, amsSid);
    const reconciliation = reconcileManifest(parcels);
    if (reconciliation.problems.length > 0 || parcels.length === 0) {
      const count = reconciliation.problems.length;
      await amsRepository.update(this.db, amsSid, {
        isUpdating: false,
        ...submitReasonColumns(text('ams.notFiledProblems', { count })),
      });
      return;
    }
    const shippers = new Map<string, { name: string; address: import('@parcelops/shared').Address | null }>();
    for (const accountSid of new Set(parcels.map((parcel) => parcel.accountSid))) {
      const account = await findAccount(this.db, accountSid);
      shippers.set(accountSid, { name: account?.name ?? '', address: account?.address ?? null });
    }
    let result: Awaited<ReturnType<FilingAdapter['file']>>;
    try {
      result = await this.filing.file({ ams: row, parcels, shippers });
    } catch (error) {
      result = {
        ok: false,
        reason: text('ams.adapterFailed', { error: error instanceof Error ? error.message : String(error) }),
      };
    }
    if (!result.ok) {
      await amsRepository.update(this.db, amsSid, {
        isUpdating: false,
        submitStatus: 'failed',
        ...submitReasonColumns(result.reason),
      });
      return;
    }
    const { file } = result;
    const hub = row.location as Hub;
    await this.db.transaction(async (tx) => {
      const locked = await amsRepository.lock(tx, amsSid);
      if (locked?.submitStatus !== 'initiated') return;
      // Its parcels in Processing, read and moved in one statement under the manifest's lock (no load or
      // removal runs meanwhile), each with its event.
      await recordStatusChangesWhere(
        tx,
        { where: inManifest(amsSid), from: OrderStatus.Processing },
        OrderStatus.Processed,
        {
          description: text('ams.event.departed', { hub: row.location }),
          location: HUBS.includes(hub) ? hubText(hub) : row.location,
        },
        { by, notify: this.notify, path: 'manifest' },
      );
      await amsRepository.update(tx, amsSid, {
        isUpdating: false,
        submitStatus: 'submitted',
        ...submitReasonColumns(null),
        status: 'closed',
        manifestFile: file.bytes,
        manifestFileName: file.name,
      });
    });
  }

  /** The filed manifest's bytes and name; 404 before a filing. */
  async manifestFile(amsSid: string): Promise<{ name: string; bytes: Buffer }> {
    const file = await amsRepository.manifestFile(this.db, amsSid);
    if (!file) throw AppError.notFound(text('ams.noManifestFile'));
    return file;
  }
}
