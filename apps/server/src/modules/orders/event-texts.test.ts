/**
 * Tracking events carry their words as catalogue texts (issue 21): every event the server writes keeps its key
 * and params beside its English, and a hub's city its key, so the order view and the public tracking page show
 * them in the chosen language; migration 0014 gave the events stored before the keys theirs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderText, type Text, type TrackingEvent } from '@parcelops/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, trackingEventsOf } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { MIGRATIONS_DIR } from '../../db/database.ts';
import { newSid } from '../../lib/ids.ts';
import { ordersRepository } from './orders.repository.ts';
import { trackingEvents } from './orders.table.ts';

const { t, admin, operator, sellerA } = await openTestWorld({ orderAccounts: true });

const eventsOf = (orderSid: string) => trackingEventsOf(t, orderSid);

const tracked = async (barcode: string): Promise<TrackingEvent[]> =>
  (await t.call('GET', '/tracking', { query: { filter: barcode } })).json();

describe('tracking events in both languages', () => {
  it('writes the key and params of each event it makes, and answers them on the tracking and history calls', async () => {
    const order = await createOrder(t, sellerA.token);
    const scanned = await t.call('GET', `/orders/scan/barcode/${order.barcode}`, {
      token: operator.token,
      query: { hub: 'HAN' },
    });
    expect(scanned.statusCode, scanned.body).toBe(200);

    expect(
      (await eventsOf(order.sid)).map((event) => [
        event.description,
        event.descriptionKey,
        event.descriptionParams,
        event.location,
        event.locationKey,
      ]),
    ).toEqual([
      ['Order created', 'orders.event.created', null, expect.any(String), null],
      ['Received at HAN hub', 'hub.event.received', { hub: 'HAN' }, 'Ha Noi', 'hub.city.HAN'],
    ]);

    const [created, received] = await tracked(order.barcode);
    expect(created).toMatchObject({ description_text: { key: 'orders.event.created' }, location_text: null });
    expect(received).toMatchObject({
      description: 'Received at HAN hub',
      description_text: { key: 'hub.event.received', params: { hub: 'HAN' } },
      location: 'Ha Noi',
      location_text: { key: 'hub.city.HAN' },
    });
    const words = received?.description_text as Text;
    expect(renderText(words, 'vi')).toBe('Đã nhận tại kho HAN');
    expect(renderText(received?.location_text as Text, 'vi')).toBe('Hà Nội');
    expect(renderText(words, 'en')).toBe('Received at HAN hub');

    const history = (await t.call('GET', `/orders/${order.sid}/history`, { token: admin })).json();
    expect(history[0]).toMatchObject({
      description_text: { key: 'hub.event.received', params: { hub: 'HAN' } },
      location_text: { key: 'hub.city.HAN' },
    });
  });

  it('gives the events stored before the keys theirs (migration 0014), and leaves words it does not know', async () => {
    const order = await createOrder(t, sellerA.token);
    await t.database.db
      .update(trackingEvents)
      .set({ descriptionKey: null, descriptionParams: null })
      .where(eq(trackingEvents.orderSid, order.sid));
    const older: [string, string | null][] = [
      ['Received at SGN hub', 'Sai Gon'],
      ['Loaded into manifest 157-12345675', 'Sai Gon'],
      ['Removed from manifest 157-12345675', 'Sai Gon'],
      ['Loaded into manifest 157-12345675', 'Ha Noi'],
      ['Departed HAN', 'Ha Noi'],
      ['Delivered', null],
      ['Failed (admin correction: Returned by the carrier)', null],
      ['Received at SGN hub (admin correction: Scanned twice)', 'Sai Gon'],
      ['Handed to the neighbour', 'Austin, TX'],
    ];
    const start = Date.now();
    await ordersRepository.insertTrackingEvents(
      t.database.db,
      older.map(([description, location], index) => ({
        sid: newSid(),
        orderSid: order.sid,
        status: 1,
        description,
        location,
        eventTime: new Date(start + (index + 1) * 1000),
      })),
    );

    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0014_server_texts_backfill.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.database.db.execute(sql.raw(statement));

    const events = await eventsOf(order.sid);
    expect(events.map((event) => [event.descriptionKey, event.descriptionParams, event.locationKey])).toEqual(
      [
        ['orders.event.created', null, null],
        ['hub.event.received', { hub: 'SGN' }, 'hub.city.SGN'],
        ['ams.event.loaded', { mawb: '157-12345675' }, 'hub.city.SGN'],
        ['ams.event.removed', { mawb: '157-12345675' }, 'hub.city.SGN'],
        ['ams.event.loaded', { mawb: '157-12345675' }, 'hub.city.HAN'],
        ['ams.event.departed', { hub: 'HAN' }, 'hub.city.HAN'],
        ['orders.status.4', null, null],
        [
          'orders.event.adminCorrection',
          { event: { key: 'orders.status.5' }, reason: 'Returned by the carrier' },
          null,
        ],
        [
          'orders.event.adminCorrection',
          { event: { key: 'hub.event.received', params: { hub: 'SGN' } }, reason: 'Scanned twice' },
          'hub.city.SGN',
        ],
        [null, null, null],
      ],
    );
    // Every key given is one the catalogue knows, and says the stored English again word for word.
    for (const event of events.slice(0, -1)) {
      const words: Text = {
        key: event.descriptionKey as string,
        params: event.descriptionParams ?? undefined,
      };
      expect(renderText(words, 'en')).toBe(event.description);
      expect(renderText(words, 'vi')).not.toBe(event.description);
    }
    const shown = await tracked(order.barcode);
    expect(shown.at(-1)).toMatchObject({ description: 'Handed to the neighbour', description_text: null });
    expect(renderText(shown.at(-3)?.description_text as Text, 'vi')).toBe(
      'Thất bại (quản trị viên điều chỉnh: Returned by the carrier)',
    );
  });
});
