/**
 * Batch orders (spec §2, §3, §7; product decisions "Batch orders"): a seller's file checked at upload and
 * stored with its job in one transaction, then placed all or nothing by the job (batch-placement.ts). Sellers
 * and their API keys see their own account's batches; staff see every account's.
 */

import type { Readable } from 'node:stream';
import {
  BATCH_MAX_ROWS,
  BATCH_PROBLEMS_LISTED,
  BATCH_STATUS_LABELS,
  type BatchOrder,
  type BatchOrderDetail,
  type BatchOrderList,
  type CreateBatchOrderFields,
  ErrorCode,
  type ListBatchOrdersQuery,
  orderStatusLabel,
  storedText,
  text,
} from '@parcelops/shared';
import type { Database, Executor } from '../../db/database.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { givingUpOnLastAttempt, type JobAttempt } from '../../jobs/last-attempt.ts';
import { type Actor, accountScope, ownsAccount } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { whileSlotHeld } from '../../lib/excel/report-slots.ts';
import { newSid } from '../../lib/ids.ts';
import { accountForUpload } from '../accounts/accounts.service.ts';
import { ordersTemplate } from '../imports/imports.service.ts';
import { surveyOrders } from '../imports/order-intake.ts';
import type { LabelFile } from '../labels/label-files.ts';
import type { LabelsService } from '../labels/labels.service.ts';
import { batchFigures, batchOrderPages } from '../orders/order-lookups.service.ts';
import type { StatusChangeListener } from '../orders/status-change.ts';
import { type BatchSummaryRow, batchOrdersRepository } from './batch-orders.repository.ts';
import { placeBatch } from './batch-placement.ts';
import { type BatchReportOrder, renderBatchReport } from './batch-report-pdf.ts';
import { failBatch } from './batch-staging.ts';

/** Orders read per page for the report. */
const REPORT_PAGE = 500;

const notFound = () => AppError.notFound(text('batch.notFound'));

export function toBatchOrder(row: BatchSummaryRow): BatchOrder {
  return {
    sid: row.sid,
    name: row.name,
    account_sid: row.accountSid,
    account_name: row.accountName,
    status: row.status,
    reason: row.reason,
    reason_text: storedText(row.reasonKey, row.reasonParams),
    file_name: row.fileName,
    file_kept: row.fileKept,
    rows: row.rows,
    orders: row.orders,
    total_charge: Number(row.totalCharge),
    problem_count: row.problemCount,
    placed: row.placed,
    date_created: row.dateCreated.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    check_only: row.checkOnly,
    quote: row.quote ?? null,
    runs: row.runs,
  };
}

/** The account's batch quotas and how long a finished batch keeps its file (config.ts). */
export interface BatchQuotas {
  inProgressMax: number;
  filesMaxMb: number;
  fileKeepDays: number;
}

/** The settings' defaults (BATCHES_IN_PROGRESS_MAX, BATCH_FILES_MAX_MB, BATCH_FILE_KEEP_DAYS). */
export const DEFAULT_BATCH_QUOTAS: BatchQuotas = { inProgressMax: 5, filesMaxMb: 500, fileKeepDays: 30 };

const MB = 1024 * 1024;

export interface BatchUpload {
  buffer: Buffer;
  filename: string;
}

export class BatchOrdersService {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobSender,
    private readonly labels: Pick<LabelsService, 'batchLabels'>,
    /** Told of the placed orders' first status, for their webhook events. */
    private readonly notify: StatusChangeListener,
    private readonly quotas: BatchQuotas = DEFAULT_BATCH_QUOTAS,
  ) {}

  /**
   * The account's quotas, in the creating (or restarting) transaction under the account's quota lock, so two
   * creators on any two processes never both pass the last place: a batch more in progress, and `addedBytes`
   * more stored.
   */
  private async assertQuotas(tx: Executor, accountSid: string, addedBytes: number): Promise<void> {
    await batchOrdersRepository.lockQuota(tx, accountSid);
    const use = await batchOrdersRepository.quotaUse(tx, accountSid);
    if (use.inProgress >= this.quotas.inProgressMax)
      throw new AppError(
        ErrorCode.TOO_MANY_BATCHES,
        409,
        text('batch.tooManyInProgress', { max: this.quotas.inProgressMax }),
      );
    if (addedBytes > 0 && use.storedBytes + addedBytes > this.quotas.filesMaxMb * MB)
      throw new AppError(
        ErrorCode.BATCH_STORAGE_FULL,
        409,
        text('batch.storageFull', {
          max: this.quotas.filesMaxMb,
          used: Math.ceil(use.storedBytes / MB),
          days: this.quotas.fileKeepDays,
        }),
      );
  }

  /**
   * The daily clean-up's job (batch-orders.jobs.ts): drops the stored file of finished batches older than
   * BATCH_FILE_KEEP_DAYS. Such a batch keeps its row, reason and bad rows; its error sheet and "Run again" then
   * say the file is no longer kept.
   */
  async dropOldFiles(): Promise<number> {
    return batchOrdersRepository.dropOldFiles(this.db, this.quotas.fileKeepDays);
  }

  /**
   * The batch's job (batch-orders.jobs.ts): places it, exactly once however often it runs
   * (batch-placement.ts). On the last attempt a failure marks the batch failed first, so no batch stays in
   * progress for ever.
   */
  async placeBatch(batchSid: string, attempt: JobAttempt): Promise<void> {
    await givingUpOnLastAttempt(
      attempt,
      () => placeBatch(this.db, batchSid, this.notify),
      () => failBatch(this.db, batchSid, null, text('batch.gaveUp')),
    );
  }

  /**
   * Checks the file (the upload guards, the import's columns, at most BATCH_MAX_ROWS rows, at least one), then
   * stores it and its job in one transaction and answers at once, in progress. The rows themselves are
   * checked by the job, which names every bad one. With `check_only` the job places nothing (batch-placement.ts).
   */
  async create(
    actor: Actor,
    fields: CreateBatchOrderFields,
    upload: BatchUpload,
    signal?: AbortSignal,
  ): Promise<BatchOrder> {
    const account = await accountForUpload(this.db, actor, fields.account_sid);
    // Read through as a stream, nothing kept but counts: the reader refuses a sheet without its columns, with
    // too many rows, or without data rows ("The sheet has headers but no rows.").
    const { rows } = await surveyOrders(upload.buffer, BATCH_MAX_ROWS, { signal });
    const sid = newSid();
    await this.db.transaction(async (tx) => {
      await this.assertQuotas(tx, account.sid, upload.buffer.length);
      await batchOrdersRepository.insert(tx, {
        sid,
        name: fields.name,
        accountSid: account.sid,
        status: 'in-progress',
        fileName: upload.filename.slice(0, 255) || 'orders.xlsx',
        file: upload.buffer,
        rows,
        checkOnly: fields.check_only,
        createdByUserSid: actor.userSid,
        createdByApiKeySid: actor.apiKeySid,
      });
      await this.jobs.enqueue(tx, 'batch-orders.place', { batchSid: sid });
    });
    return this.get(actor, sid);
  }

  /**
   * "Run again": a failed batch (after a top-up, or once the account is active again) or a checked one is placed
   * from its stored file, with no upload. The batch's row is locked, so of two clicks one runs it and the other
   * is refused; the batch goes back in progress and its job is enqueued in the same transaction. The job places
   * a batch's orders once however often it runs (batch-placement.ts).
   */
  async run(actor: Actor, sid: string): Promise<BatchOrderDetail> {
    await this.db.transaction(async (tx) => {
      const batch = await batchOrdersRepository.lockForRun(tx, sid);
      if (!batch || !ownsAccount(actor, batch.accountSid)) throw notFound();
      if (batch.status === 'in-progress' || batch.status === 'success')
        throw new AppError(
          ErrorCode.BATCH_NOT_RUNNABLE,
          409,
          text(batch.status === 'success' ? 'batch.notRunnableDone' : 'batch.notRunnableRunning'),
        );
      if (!batch.hasFile) throw AppError.conflict(text('batch.fileGone'));
      // Its file is stored already: only the batches in progress can refuse it.
      await this.assertQuotas(tx, batch.accountSid, 0);
      await batchOrdersRepository.restart(tx, sid);
      await this.jobs.enqueue(tx, 'batch-orders.place', { batchSid: sid });
    });
    return this.get(actor, sid);
  }

  async list(actor: Actor, query: ListBatchOrdersQuery): Promise<BatchOrderList> {
    const { rows, total } = await batchOrdersRepository.list(
      this.db,
      {
        accountSid: accountScope(actor, query.account_sid),
        from: query.from_date,
        toBefore: query.to_date,
        text: query.filter,
      },
      query.page,
      query.page_size,
    );
    return { data: rows.map(toBatchOrder), total };
  }

  /** The batch (another account's is not found, as an order is), with its first bad rows. */
  async get(actor: Actor, sid: string): Promise<BatchOrderDetail> {
    const row = await this.visible(actor, sid);
    const problems =
      row.problemCount > 0 ? await batchOrdersRepository.problems(this.db, sid, BATCH_PROBLEMS_LISTED) : [];
    return { ...toBatchOrder(row), problems };
  }

  /** A batch the caller may see, or 404. */
  async visible(actor: Actor, sid: string): Promise<BatchSummaryRow> {
    const row = await batchOrdersRepository.find(this.db, sid);
    if (!row || !ownsAccount(actor, row.accountSid)) throw notFound();
    return row;
  }

  /** The template: the import's (same columns, same rules). */
  template(): Promise<Buffer> {
    return ordersTemplate();
  }

  /** Refuses what only a finished batch has (labels, the report) while it is not. */
  static assertSucceeded(row: BatchSummaryRow): void {
    if (row.status !== 'success')
      throw AppError.conflict(
        row.status === 'failed' ? text('batch.failedHasNoOrders') : text('batch.stillProcessing'),
      );
  }

  /**
   * Every label of a succeeded batch in one file (PDF, or ZPL as asked), streamed (a report slot held while it
   * is written: a 503 when none is free).
   */
  async batchLabels(
    actor: Actor,
    sid: string,
    file: LabelFile,
  ): Promise<{ batch: BatchSummaryRow; body: Readable }> {
    const batch = await this.visible(actor, sid);
    BatchOrdersService.assertSucceeded(batch);
    return { batch, body: whileSlotHeld(() => this.labels.batchLabels(sid, `${batch.name}: labels`, file)) };
  }

  /** The batch's PDF summary: the batch, its totals, its count per status and its orders, streamed. */
  async report(actor: Actor, sid: string): Promise<{ batch: BatchSummaryRow; pdf: Readable }> {
    const batch = await this.visible(actor, sid);
    BatchOrdersService.assertSucceeded(batch);
    const figures = await batchFigures(this.db, sid);
    const db = this.db;
    async function* orders(): AsyncGenerator<BatchReportOrder> {
      for await (const page of batchOrderPages(db, sid, REPORT_PAGE))
        for (const order of page)
          yield {
            orderNumber: order.orderNumber,
            barcode: order.barcode,
            name: order.name,
            city: order.city,
            state: order.state,
            weightGrams: order.weight,
            vnd: Number(order.vnd),
            statusLabel: orderStatusLabel(order.status),
          };
    }
    const pdf = whileSlotHeld(() =>
      renderBatchReport({
        batch: {
          sid: batch.sid,
          name: batch.name,
          accountName: batch.accountName,
          statusLabel: BATCH_STATUS_LABELS[batch.status],
          createdAt: batch.dateCreated,
          finishedAt: batch.finishedAt,
        },
        totals: {
          orders: figures.orders,
          weightGrams: figures.weight,
          chargeVnd: figures.vnd,
          byStatus: figures.byStatus.map(({ status, count }) => ({ label: orderStatusLabel(status), count })),
        },
        orders: orders(),
      }),
    );
    return { batch, pdf };
  }

  /** For the error sheet: the stored file and every bad row of a failed batch. */
  async failedFile(actor: Actor, sid: string) {
    const row = await this.visible(actor, sid);
    if (row.status !== 'failed' || row.problemCount === 0)
      throw AppError.conflict(text('batch.noErrorSheet'));
    const stored = await batchOrdersRepository.file(this.db, sid);
    if (!stored?.file) throw AppError.notFound(text('batch.fileGone'));
    return {
      batch: row,
      file: stored.file,
      problems: await batchOrdersRepository.problems(this.db, sid),
    };
  }
}
