import type { HsCode } from '@parcelops/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectFieldError, requiredDetail, unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';

const { t, admin, operator, sellerA: seller, keyA: apiKey } = await openTestWorld();

/** A code no other test uses: digits and a dot, as tariff codes are written. */
let next = 1000;
const freshCode = () => `${next++}.${String(Date.now() % 100).padStart(2, '0')}`;

async function createCode(description = unique('Goods ')): Promise<HsCode> {
  const response = await t.call('POST', '/hs_codes', {
    token: admin,
    body: { hs_code: freshCode(), description },
  });
  if (response.statusCode !== 201) throw new Error(`create HS code: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function list(filter?: string, token = admin): Promise<HsCode[]> {
  const response = await t.call('GET', '/hs_codes', { token, query: filter ? { filter } : undefined });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** 409 for an HS code another row already has, naming it. */
function expectTaken(response: LightMyRequestResponse, code: string): void {
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({
    msg: `The HS code ${code} already exists.`,
    code: 'CONFLICT',
    key: 'hsCodes.taken',
    params: { code },
  });
}

describe('GET /hs_codes', () => {
  it('lists the codes to every signed-in role and API keys', async () => {
    const code = await createCode();
    const forAdmin = await list();
    expect(forAdmin).toContainEqual(code);
    for (const token of [operator.token, seller.token, apiKey]) {
      expect(await list(undefined, token)).toEqual(forAdmin);
    }
  });

  it('filters on the code or the description, in any letter case', async () => {
    const word = unique('cotton');
    const byDescription = await createCode(`Knitted ${word} shirts`);
    const other = await createCode(unique('Leather '));
    expect(await list(word.toUpperCase())).toEqual([byDescription]);
    expect(await list(other.hs_code)).toEqual([other]);
    expect(await list(unique('nothing-'))).toEqual([]);
  });

  it('refuses anonymous callers with 401', async () => {
    const response = await t.call('GET', '/hs_codes');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });
});

describe('POST /hs_codes', () => {
  it('creates a code, trimming code and description', async () => {
    const description = unique('Knitted T-shirts ');
    const response = await t.call('POST', '/hs_codes', {
      token: admin,
      body: { hs_code: '  6109.10 ', description: `  ${description}  ` },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({ sid: expect.any(String), hs_code: '6109.10', description });
    expect(await list('6109.10')).toEqual([created]);
  });

  it('requires the code and the description (400 naming each)', async () => {
    for (const body of [{}, { hs_code: '   ', description: '  ' }]) {
      const response = await t.call('POST', '/hs_codes', { token: admin, body });
      expect(response.statusCode).toBe(400);
      const error = response.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details).toEqual(
        expect.arrayContaining([
          requiredDetail('hs_code', 'HS code', 'hsCode'),
          requiredDetail('description', 'Description', 'description'),
        ]),
      );
      expect(new Set(error.details.map((detail: { path: string }) => detail.path))).toEqual(
        new Set(['hs_code', 'description']),
      );
    }
    const noDescription = await t.call('POST', '/hs_codes', { token: admin, body: { hs_code: freshCode() } });
    expectFieldError(noDescription, 'description', 'Description is required');
  });

  it('refuses a code that already exists (409), even padded with spaces', async () => {
    const code = await createCode();
    const before = await list();
    const response = await t.call('POST', '/hs_codes', {
      token: admin,
      body: { hs_code: ` ${code.hs_code} `, description: 'Another description' },
    });
    expectTaken(response, code.hs_code);
    expect(await list()).toEqual(before);
  });

  it('is refused to operators, account users and API keys (403), creating nothing', async () => {
    const hsCode = freshCode();
    for (const token of [operator.token, seller.token, apiKey]) {
      const response = await t.call('POST', '/hs_codes', {
        token,
        body: { hs_code: hsCode, description: 'x' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect(await list(hsCode)).toEqual([]);
  });
});

describe('PUT /hs_codes/:id', () => {
  it('updates code and description, trimmed', async () => {
    const code = await createCode();
    const hsCode = freshCode();
    const description = unique('Updated ');
    const response = await t.call('PUT', `/hs_codes/${code.sid}`, {
      token: admin,
      body: { hs_code: ` ${hsCode}`, description: `${description} ` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sid: code.sid, hs_code: hsCode, description });
    const codes = await list();
    expect(codes).toContainEqual({ sid: code.sid, hs_code: hsCode, description });
    expect(codes.map((entry) => entry.hs_code)).not.toContain(code.hs_code);
  });

  it('keeps its own code when only the description changes', async () => {
    const code = await createCode();
    const response = await t.call('PUT', `/hs_codes/${code.sid}`, {
      token: admin,
      body: { hs_code: code.hs_code, description: 'New words' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...code, description: 'New words' });
  });

  it("refuses another code's value (409) and keeps both", async () => {
    const first = await createCode();
    const second = await createCode();
    const response = await t.call('PUT', `/hs_codes/${second.sid}`, {
      token: admin,
      body: { hs_code: first.hs_code, description: second.description },
    });
    expectTaken(response, first.hs_code);
    const codes = await list();
    expect(codes).toContainEqual(first);
    expect(codes).toContainEqual(second);
  });

  it('requires the code and the description', async () => {
    const code = await createCode();
    const response = await t.call('PUT', `/hs_codes/${code.sid}`, {
      token: admin,
      body: { hs_code: ' ', description: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        requiredDetail('hs_code', 'HS code', 'hsCode'),
        requiredDetail('description', 'Description', 'description'),
      ]),
    );
    expect(await list()).toContainEqual(code);
  });

  it('answers an unknown sid with 404', async () => {
    const response = await t.call('PUT', '/hs_codes/no-such-code', {
      token: admin,
      body: { hs_code: freshCode(), description: 'x' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      msg: 'HS code not found.',
      code: 'NOT_FOUND',
      key: 'hsCodes.notFound',
    });
  });

  it('is refused to operators, account users and API keys (403), changing nothing', async () => {
    const code = await createCode();
    for (const token of [operator.token, seller.token, apiKey]) {
      const response = await t.call('PUT', `/hs_codes/${code.sid}`, {
        token,
        body: { hs_code: freshCode(), description: 'Changed' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect(await list()).toContainEqual(code);
  });
});

describe('DELETE /hs_codes/:id', () => {
  it('deletes a code', async () => {
    const code = await createCode();
    const response = await t.call('DELETE', `/hs_codes/${code.sid}`, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sid: code.sid });
    expect((await list()).map((entry) => entry.sid)).not.toContain(code.sid);
    const again = await t.call('DELETE', `/hs_codes/${code.sid}`, { token: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ msg: 'HS code not found.', code: 'NOT_FOUND', key: 'hsCodes.notFound' });
  });

  it('is refused to operators, account users and API keys (403), keeping the code', async () => {
    const code = await createCode();
    for (const token of [operator.token, seller.token, apiKey]) {
      const response = await t.call('DELETE', `/hs_codes/${code.sid}`, { token });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect(await list()).toContainEqual(code);
  });
});
