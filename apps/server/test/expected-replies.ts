/**
 * The refusals many domains give in the same words, asserted once: a test names the refusal it expects
 * rather than spelling out its body again.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** 403 for another account's things: the words every account-scoped route refuses with. */
export function expectNoAccess(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({
    msg: 'You do not have access.',
    code: 'FORBIDDEN',
    key: 'access.noAccess',
  });
}

/** 404 for an account_sid that names no account. */
export function expectAccountNotFound(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({
    msg: 'Account not found.',
    code: 'NOT_FOUND',
    key: 'accounts.notFound',
  });
}

/** 404 for a barcode that names no parcel: each domain says so in its own words (`key`, `msg`). */
export function expectBarcodeNotFound(
  response: LightMyRequestResponse,
  barcode: string,
  refusal: { key: string; msg: string },
): void {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({
    msg: refusal.msg,
    code: 'NOT_FOUND',
    key: refusal.key,
    params: { barcode },
  });
}

/** 400 naming exactly one field: its path, the catalogue text (key, params) and its English message. */
export function expectFieldRefused(
  response: LightMyRequestResponse,
  detail: { path: string; message: string; key: string; params?: Record<string, unknown> },
): void {
  expect(response.statusCode).toBe(400);
  expect(response.json().details).toEqual([detail]);
}

/** 422 INSUFFICIENT_CREDIT: the balance cannot cover a change, in the words (`key`, `msg`) of the change. */
export function expectCreditShort(
  response: LightMyRequestResponse,
  refusal: { msg: string; key: string; params: Record<string, unknown> },
): void {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual({ ...refusal, code: 'INSUFFICIENT_CREDIT' });
}
