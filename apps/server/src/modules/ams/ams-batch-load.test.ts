/**
 * The AMS batch upload's set-based load against the per-row path it replaced (issue 31, part 4): the same file
 * on two twin scenes gives the same outcome on every row (added, already in, moved carton, unknown barcode, a
 * set-aside parcel, a parcel of another manifest, one already Processing, empty cells, our barcode inside a
 * carrier's, a parcel's rows spread over chunks), and leaves the parcels, their events, history, webhook events
 * and the balance as the per-row path does. The upload's progress is recorded per chunk and read only by its user.
 */
import { type Ams, type Order, OrderStatus, Role } from '@parcelops/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { amsOrderBody, createTestAms, receiveAtHub } from '../../../test/ams-fixtures.ts';
import {
  balanceOf,
  createOrder,
  historyOf,
  orderOf,
  trackingEventsOf,
} from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart, readXlsx, xlsx } from '../../../test/workbooks.ts';
import type { Transaction } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import type { RecordedStatusChange, StatusChangeListener } from '../orders/status-change.ts';
import { recordStatusChange } from '../orders/status-change.ts';
import { hookEvents } from '../webhooks/webhooks.table.ts';
import { advanceProgress, readProgress, startProgress } from './ams-batch-progress.ts';
import { type AmsBatchOptions, AmsFilesService } from './ams-files.service.ts';

const { t, admin, operator, sellerA, accountA } = await openTestWorld({ orderAccounts: true });
const services = t.app.services;

// Account A's parcels tell a hook, so every status change writes a webhook event to compare.
const hooked = await t.call('PUT', `/accounts/${accountA.sid}`, {
  token: admin,
  body: { order_status_hook: 'https://seller.example.com/hook' },
});
expect(hooked.statusCode, hooked.body).toBe(200);

/** A second admin, signed in, and as the service sees them. */
const other = await t.createUser(admin, { role: Role.admin });
const me = await t.createUser(admin, { role: Role.admin });
const actorOf = (user: { sid: string; username: string }): Actor => ({
  userSid: user.sid,
  apiKeySid: null,
  username: user.username,
  role: Role.admin,
  accountSid: null,
  via: 'session',
});

const createAms = () => createTestAms(t, admin, { namePrefix: 'Set ', hawb: 'H9' });

async function scanInto(manifest: Ams, order: Order, carton: string) {
  const reply = await t.call('POST', '/ams/order', {
    token: admin,
    body: amsOrderBody(manifest, order.barcode, carton),
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** The hub sets the parcel aside: received, then Failed with a reason. */
async function setAside(order: Order) {
  await receiveAtHub(t, operator.token, order);
  await t.database.db.transaction(async (tx) => {
    await recordStatusChange(
      tx,
      { sid: order.sid, status: OrderStatus.Scanned },
      OrderStatus.Failed,
      'Set aside',
      null,
      {
        by: { userSid: operator.user.sid, apiKeySid: null },
        notify: services.hookEvents,
        path: 'upload',
        reason: 'address does not exist',
      },
    );
  });
}

/** A parcel a status upload moved on to Processing before any manifest held it: loading changes no status. */
async function toProcessing(order: Order) {
  await receiveAtHub(t, operator.token, order);
  await t.database.db.transaction(async (tx) => {
    await recordStatusChange(
      tx,
      { sid: order.sid, status: OrderStatus.Scanned },
      OrderStatus.Processing,
      'Sorted',
      null,
      { by: { userSid: operator.user.sid, apiKeySid: null }, notify: services.hookEvents, path: 'upload' },
    );
  });
}

/** One scene: a manifest, the parcels every kind of row needs, and the file that names them. */
interface Scene {
  manifest: Ams;
  others: Ams;
  parcels: Record<string, Order>;
  file: Buffer;
}

const ROLES = [
  'fresh',
  'second',
  'scanned',
  'inC1',
  'toMove',
  'elsewhere',
  'aside',
  'inside',
  'dup',
  'processing',
] as const;

async function scene(): Promise<Scene> {
  const manifest = await createAms();
  const others = await createAms();
  const parcels: Record<string, Order> = {};
  for (const role of ROLES) parcels[role] = await createOrder(t, sellerA.token);
  const p = parcels as Record<(typeof ROLES)[number], Order>;
  await receiveAtHub(t, operator.token, p.scanned);
  await scanInto(manifest, p.inC1, 'C1');
  await scanInto(manifest, p.toMove, 'C1');
  await scanInto(others, p.elsewhere, 'X1');
  await setAside(p.aside);
  await toProcessing(p.processing);
  const file = await xlsx([
    ['barcode', 'ams_carton_label'],
    [p.fresh.barcode, 'C1'],
    [p.scanned.barcode, 'C2'],
    [p.inC1.barcode, 'C1'],
    [p.toMove.barcode, 'C3'],
    ['PO0000000000', 'C1'],
    [p.aside.barcode, 'C1'],
    [p.elsewhere.barcode, 'C1'],
    ['', 'C1'],
    [p.second.barcode, ''],
    [`1ZUSPS${p.inside.barcode}X`, 'C2'],
    [p.dup.barcode, 'C1'],
    [p.dup.barcode, 'C1'],
    [p.dup.barcode, 'C4'],
    [p.dup.barcode.toLowerCase(), 'C4'],
    [p.second.barcode, 'C2'],
    [p.fresh.barcode, 'C5'],
    [p.toMove.barcode, 'C1'],
    [p.processing.barcode, 'C6'],
  ]);
  return { manifest, others, parcels, file };
}

/** Every text that differs between twin scenes (barcodes, names, MAWBs), put as the role that holds it. */
function neutral(scene: Scene, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  let out = value;
  for (const [role, order] of Object.entries(scene.parcels))
    out = out.split(order.barcode).join(`<${role}>`).split(order.barcode.toLowerCase()).join(`<${role}>`);
  out = out.split(scene.manifest.sid).join('<AMS sid>').split(scene.others.sid).join('<OTHER sid>');
  for (const [label, manifest] of [
    ['AMS', scene.manifest],
    ['OTHER', scene.others],
  ] as const) {
    out = out
      .split(manifest.name)
      .join(`<${label} name>`)
      .split(manifest.masterAirWaybill)
      .join(`<${label} mawb>`)
      .split(manifest.masterAirWaybill.replace('-', ''))
      .join(`<${label} serial>`);
  }
  return out;
}

async function run(
  scene: Scene,
  options: AmsBatchOptions,
  notify: StatusChangeListener = services.hookEvents,
) {
  const files = new AmsFilesService(t.database.db, services.amsOrders, notify);
  const result = await files.batch(actorOf(me.user), scene.manifest.sid, scene.file, options);
  const rows = (await readXlsx(result.workbook)).map((row) => row.map((cell) => neutral(scene, cell)));
  return { counts: { added: result.added, already: result.already, failed: result.failed }, rows };
}

/** What the scene's parcels are now: fields, events, history and webhook events, in neutral words. */
async function aftermath(scene: Scene) {
  const out: Record<string, unknown> = {};
  for (const [role, parcel] of Object.entries(scene.parcels)) {
    const order = await orderOf(t, admin, parcel.sid);
    const events = await trackingEventsOf(t, parcel.sid);
    const history = await historyOf(t, admin, parcel.sid);
    const hooks = await t.database.db
      .select({ status: hookEvents.orderStatus })
      .from(hookEvents)
      .where(and(eq(hookEvents.orderSid, parcel.sid), inArray(hookEvents.type, ['order.status_changed'])));
    out[role] = neutral(
      scene,
      JSON.stringify({
        status: order.status,
        reason: order.reason,
        ams: order.ams_sid === scene.manifest.sid ? 'this' : order.ams_sid ? 'other' : null,
        carton: order.ams_carton_label,
        amsId: order.ams_automatedManifestSystemId,
        details: order.ams_details,
        events: events.map((event) => [
          event.status,
          event.description,
          event.location,
          event.reason,
          event.actorUserSid,
        ]),
        // Two moves of one parcel in one chunk share a time: compared as a set.
        history: history
          .map((entry) =>
            JSON.stringify([entry.kind, entry.status, entry.description, entry.details, entry.actor]),
          )
          .sort(),
        hooks: hooks.map((hook) => hook.status),
      }),
    );
  }
  return out;
}

describe('the set-based batch load', () => {
  it('answers every row and leaves every parcel as the per-row path does', async () => {
    const [perRow, setBased, smallChunks] = [await scene(), await scene(), await scene()];
    const balance = await balanceOf(t, admin, accountA.sid);
    const baseline = await run(perRow, { rowByRow: true });
    expect(await balanceOf(t, admin, accountA.sid)).toBe(balance);
    expect(baseline.rows.map((row) => row[3])).toEqual([
      'Result',
      'Added',
      'Added',
      'Already in this AMS',
      'Already in this AMS; moved from carton C1',
      'Failed: No order has barcode PO0000000000.',
      expect.stringMatching(/^Failed: .*<aside>.*address does not exist/),
      expect.stringMatching(/^Failed: .*<elsewhere>.*<OTHER name>/),
      'Failed: the barcode is empty.',
      'Failed: the carton label is empty.',
      'Added',
      'Added',
      'Already in this AMS',
      'Already in this AMS; moved from carton C1',
      'Already in this AMS',
      'Added',
      'Already in this AMS; moved from carton C1',
      'Already in this AMS; moved from carton C3',
      'Added',
    ]);
    const before = await aftermath(perRow);

    for (const [twin, options] of [
      [setBased, {}],
      [smallChunks, { chunkRows: 3 }],
    ] as const) {
      const result = await run(twin, options);
      expect(result).toEqual(baseline);
      expect(await aftermath(twin)).toEqual(before);
    }
    expect(await balanceOf(t, admin, accountA.sid)).toBe(balance);
  });

  it('fails every row but those already in their carton when the AMS is closed', async () => {
    const [perRow, setBased] = [await scene(), await scene()];
    for (const { manifest } of [perRow, setBased]) {
      const closed = await t.call('PUT', `/ams/${manifest.sid}`, {
        token: admin,
        body: { status: 'closed' },
      });
      expect(closed.statusCode, closed.body).toBe(200);
    }
    const baseline = await run(perRow, { rowByRow: true });
    expect(baseline.counts.added).toBe(0);
    expect(await run(setBased, {})).toEqual(baseline);
  });
});

describe('the batch upload’s progress', () => {
  it('is recorded after each chunk, read only by its user, and gone when the upload ends', async () => {
    const scene1 = await scene();
    const progressId = crypto.randomUUID();
    const seen: unknown[] = [];
    // The funnel's listener runs inside each chunk's transaction: the chunks before it have committed.
    const watching: StatusChangeListener = {
      async statusesChanged(tx: Transaction, changes: readonly RecordedStatusChange[]) {
        seen.push(await readProgress(tx, progressId, me.user.sid));
        seen.push(await readProgress(tx, progressId, other.user.sid));
        await services.hookEvents.statusesChanged(tx, changes);
      },
    };
    await run(scene1, { progressId, chunkRows: 4 }, watching);
    // Rows 1-4 load fresh and scanned, rows 9-12 inside and dup, rows 13-16 second.
    expect(seen).toEqual([
      { done: 0, total: 18 },
      undefined,
      { done: 8, total: 18 },
      undefined,
      { done: 12, total: 18 },
      undefined,
    ]);
    const after = await t.call('GET', `/ams/batch/progress/${progressId}`, { token: me.token });
    expect(after.statusCode).toBe(404);
  });

  it('answers its user the rows done and in all, and 404 to anyone else', async () => {
    const progressId = crypto.randomUUID();
    expect(await startProgress(t.database.db, progressId, me.user.sid, 20_000)).toBe(true);
    await advanceProgress(t.database.db, progressId, 4_000);
    const mine = await t.call('GET', `/ams/batch/progress/${progressId}`, { token: me.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ done: 4_000, total: 20_000 });
    const theirs = await t.call('GET', `/ams/batch/progress/${progressId}`, { token: other.token });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NOT_FOUND');
    // Another user cannot take the id over.
    expect(await startProgress(t.database.db, progressId, other.user.sid, 5)).toBe(false);
    expect((await t.call('GET', `/ams/batch/progress/not-a-uuid`, { token: me.token })).statusCode).toBe(400);
  });

  it('takes the id with the upload, and refuses one that is not a UUID', async () => {
    const manifest = await createAms();
    const order = await createOrder(t, sellerA.token);
    const body = async (progress_id: string) =>
      multipart(
        { ams_sid: manifest.sid, progress_id },
        {
          buffer: await xlsx([
            ['barcode', 'ams_carton_label'],
            [order.barcode, 'C1'],
          ]),
        },
      );
    const bad = await t.call('POST', '/ams/batch', { token: me.token, body: await body('nope') });
    expect(bad.statusCode).toBe(400);
    const good = await t.call('POST', '/ams/batch', {
      token: me.token,
      body: await body(crypto.randomUUID()),
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.headers['x-ams-added']).toBe('1');
  });
});
