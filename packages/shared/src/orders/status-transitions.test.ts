import { describe, expect, it } from 'vitest';
import { englishOf, renderText } from '../texts/catalog.ts';
import { OrderStatus as S } from './order-status.ts';
import {
  adminMayOverride,
  allowedTargets,
  checkTransition,
  statusListText,
  type TransitionContext,
} from './status-transitions.ts';

const upload: TransitionContext = { path: 'upload' };
const admin: TransitionContext = { path: 'upload', adminReason: 'Carrier returned the parcel' };

const ok = (from: number, to: number, context = upload) => checkTransition(from, to, context).ok;
const refusal = (from: number, to: number, context = upload) => {
  const check = checkTransition(from, to, context);
  return check.ok ? null : check.code;
};

describe('checkTransition', () => {
  it('treats the same status as unchanged, never refused', () => {
    for (const status of [S.Generated, S.Scanned, S.Delivered, S.OrderFailed]) {
      expect(checkTransition(status, status, upload)).toEqual({ ok: true, unchanged: true });
    }
  });

  it('moves forward along the road, skipping steps', () => {
    expect(ok(S.Generated, S.Scanned, { path: 'scan' })).toBe(true);
    expect(ok(S.Scanned, S.Processing, { path: 'manifest' })).toBe(true);
    expect(ok(S.Processing, S.Processed, { path: 'manifest' })).toBe(true);
    expect(ok(S.Scanned, S.Delivered)).toBe(true);
    expect(ok(S.Generated, S.Delivered)).toBe(true);
  });

  it('never goes back to Generated, not even for an admin', () => {
    for (const from of [S.Scanned, S.Processing, S.Processed, S.Delivered, S.Failed, S.OrderFailed]) {
      expect(refusal(from, S.Generated)).toBe('BACK_TO_GENERATED');
      expect(refusal(from, S.Generated, admin)).toBe('BACK_TO_GENERATED');
    }
  });

  it('refuses backward moves unless an admin gives a reason', () => {
    expect(refusal(S.Processed, S.Scanned)).toBe('BACKWARDS');
    expect(refusal(S.Processing, S.Scanned)).toBe('BACKWARDS');
    expect(ok(S.Processed, S.Scanned, admin)).toBe(true);
    expect(ok(S.Processed, S.Scanned, { path: 'upload', adminReason: '  ' })).toBe(false);
  });

  it('lets a manifest removal step back from Processing to Scanned only', () => {
    expect(ok(S.Processing, S.Scanned, { path: 'manifest-removal' })).toBe(true);
    expect(refusal(S.Processed, S.Scanned, { path: 'manifest-removal' })).toBe('BACKWARDS');
  });

  it('keeps Delivered and Order Failed final except for an admin with a reason', () => {
    expect(refusal(S.Delivered, S.Failed)).toBe('FINAL_STATUS');
    expect(refusal(S.Delivered, S.Processed)).toBe('FINAL_STATUS');
    expect(refusal(S.OrderFailed, S.Scanned, { path: 'scan' })).toBe('FINAL_STATUS');
    expect(ok(S.Delivered, S.Failed, admin)).toBe(true);
    expect(ok(S.OrderFailed, S.Scanned, admin)).toBe(true);
  });

  it('sets Failed from any status that is not final, and resumes from it', () => {
    for (const from of [S.Generated, S.Scanned, S.Processing, S.Processed])
      expect(ok(from, S.Failed)).toBe(true);
    for (const to of [S.Scanned, S.Processing, S.Processed, S.Delivered]) expect(ok(S.Failed, to)).toBe(true);
  });

  it('allows Order Failed only on a Generated order, or by an admin', () => {
    expect(ok(S.Generated, S.OrderFailed, { path: 'system' })).toBe(true);
    expect(refusal(S.Scanned, S.OrderFailed, { path: 'system' })).toBe('ORDER_FAILED_LATE');
    expect(ok(S.Scanned, S.OrderFailed, admin)).toBe(true);
  });

  it('names both statuses in its words', () => {
    const check = checkTransition(S.Delivered, S.Scanned, upload);
    expect(check).toMatchObject({ ok: false, params: { from: 'Delivered', to: 'Scanned' } });
    if (!check.ok) expect(check.msg).toContain('Delivered');
  });
});

describe('the words of a refusal', () => {
  const words = (from: number, to: number, language: 'en' | 'vi' = 'en') => {
    const check = checkTransition(from, to, upload);
    if (check.ok) throw new Error('not refused');
    return language === 'en' ? check.msg : renderText(check.text, 'vi');
  };

  it('names the statuses an order may go to from where it is', () => {
    expect(allowedTargets(S.Scanned, upload)).toEqual([S.Processing, S.Processed, S.Delivered, S.Failed]);
    expect(allowedTargets(S.Processed, upload)).toEqual([S.Delivered, S.Failed]);
    expect(allowedTargets(S.Failed, upload)).toEqual([S.Scanned, S.Processing, S.Processed, S.Delivered]);
    expect(allowedTargets(S.Delivered, upload)).toEqual([]);
    expect(allowedTargets(S.Processing, { path: 'manifest-removal' })).toContain(S.Scanned);
    expect(englishOf(statusListText([S.Processing, S.Processed, S.Delivered, S.Failed]))).toBe(
      'Processing, Processed, Delivered or Failed',
    );
    expect(renderText(statusListText([S.Delivered, S.Failed]), 'vi')).toBe('Đã giao hoặc Thất bại');
  });

  it('says what is allowed in each refusal, in both languages', () => {
    expect(words(S.Delivered, S.Scanned)).toBe(
      'Delivered is final: only an admin, giving a reason, can move the order out of it.',
    );
    expect(words(S.Processed, S.Scanned)).toBe(
      'From Processed an order can go to Delivered or Failed; back to Scanned only an admin, giving a ' +
        'reason, can move it.',
    );
    expect(words(S.Scanned, S.Generated)).toBe(
      'An order never goes back to Generated: from Scanned it can go to Processing, Processed, Delivered or ' +
        'Failed.',
    );
    expect(words(S.Delivered, S.Generated)).toContain('no other status (it is final)');
    expect(words(S.Processed, S.OrderFailed)).toContain(
      'from Processed an order can go to Delivered or Failed',
    );
    expect(words(S.Processed, S.Scanned, 'vi')).toBe(
      'Từ Đã xử lý đơn hàng có thể chuyển sang Đã giao hoặc Thất bại; chỉ quản trị viên, kèm lý do, mới có ' +
        'thể chuyển ngược về Đã quét.',
    );
  });

  it('tells which refusals an admin may set aside with a reason', () => {
    expect(adminMayOverride('FINAL_STATUS')).toBe(true);
    expect(adminMayOverride('BACKWARDS')).toBe(true);
    expect(adminMayOverride('BACK_TO_GENERATED')).toBe(false);
  });
});
