/**
 * A manifest's piece numbers (ams.repository.ts): its own sequence, made with the manifest, counted per
 * manifest, drawn one or many at a time from concurrent transactions without repeats, dropped with the
 * manifest; a sid unfit for a sequence name is refused before it reaches SQL; the migration gives manifests
 * made before it a sequence that carries on after their piece_seq.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestAms } from '../../../test/ams-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { MIGRATIONS_DIR } from '../../db/database.ts';
import { amsRepository } from './ams.repository.ts';

const { t, admin } = await openTestWorld();
const db = t.database.db;

describe('piece numbers', () => {
  it('count from 1 in each manifest of its own', async () => {
    const first = await createTestAms(t, admin);
    const second = await createTestAms(t, admin);
    expect(await amsRepository.hasPieceSequence(db, first.sid)).toBe(true);
    expect(await amsRepository.nextPiece(db, first.sid)).toBe(1);
    expect(await amsRepository.nextPiece(db, first.sid)).toBe(2);
    expect(await amsRepository.nextPiece(db, second.sid)).toBe(1);
    expect(await amsRepository.nextPieces(db, second.sid, 3)).toEqual([2, 3, 4]);
    expect(await amsRepository.nextPieces(db, second.sid, 0)).toEqual([]);
  });

  it('never repeat across concurrent transactions, one or many at a time', async () => {
    const manifest = await createTestAms(t, admin);
    const draws = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        db.transaction(async (tx) =>
          index % 2 === 0
            ? [await amsRepository.nextPiece(tx, manifest.sid)]
            : amsRepository.nextPieces(tx, manifest.sid, 5),
        ),
      ),
    );
    const pieces = draws.flat();
    expect(pieces).toHaveLength(10 + 50);
    expect(new Set(pieces).size).toBe(pieces.length);
    expect(Math.min(...pieces)).toBe(1);
  });

  it('keep a gap where a drawing transaction rolled back, and go on after it', async () => {
    const manifest = await createTestAms(t, admin);
    await expect(
      db.transaction(async (tx) => {
        await amsRepository.nextPieces(tx, manifest.sid, 2);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await amsRepository.nextPiece(db, manifest.sid)).toBe(3);
  });

  it('are dropped with their manifest', async () => {
    const manifest = await createTestAms(t, admin);
    await amsRepository.nextPiece(db, manifest.sid);
    const deleted = await t.call('DELETE', `/ams/${manifest.sid}`, { token: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await amsRepository.hasPieceSequence(db, manifest.sid)).toBe(false);
  });

  it('refuse a sid that could not name a sequence safely', async () => {
    await expect(amsRepository.nextPiece(db, 'x"; drop table ams; --')).rejects.toThrow('unfit');
    await expect(amsRepository.hasPieceSequence(db, 'a'.repeat(60))).rejects.toThrow('unfit');
  });

  it('carry on after piece_seq for a manifest made before the migration', async () => {
    const manifest = await createTestAms(t, admin);
    // As such a manifest was: no sequence, its count in piece_seq.
    await db.execute(sql`drop sequence ${sql.identifier(`ams_piece_${manifest.sid}`)}`);
    await db.execute(sql`update ams set piece_seq = 41 where sid = ${manifest.sid}`);
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0025_ams_piece_sequences.sql'), 'utf8');
    await db.execute(sql.raw(migration));
    expect(await amsRepository.nextPiece(db, manifest.sid)).toBe(42);
    // The others, which have theirs, are left as they were (the migration skips existing sequences).
    const other = await createTestAms(t, admin);
    await amsRepository.nextPiece(db, other.sid);
    await db.execute(sql.raw(migration));
    expect(await amsRepository.nextPiece(db, other.sid)).toBe(2);
  });
});
