import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateAccountInputSchema } from '../accounts/account.schemas.ts';
import { CreateAmsInputSchema } from '../ams/ams.schemas.ts';
import { CreatePasswordFormSchema, LoginInputSchema } from '../auth/auth.schemas.ts';
import { ItemDeclarationFieldsSchema } from '../item-declarations/item-declaration.schemas.ts';
import { ListOrdersQuerySchema, UpdateOrderInputSchema } from '../orders/order.schemas.ts';
import { CreateUserInputSchema } from '../users/user.schemas.ts';
import { VendorInputSchema } from '../vendors/vendor.schemas.ts';
import { englishOf, renderText } from './catalog.ts';
import { clashingMessages, issueText } from './issues.ts';

/** Every issue of a failed parse, as its text. */
function textsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to fail');
  return result.error.issues.map((issue) => ({ issue, words: issueText(issue) }));
}

describe('issueText', () => {
  it("answers a schema's own message as its text, the field's label nested, English unchanged", () => {
    const [first] = textsOf(UpdateOrderInputSchema, { name: '   ' });
    expect(first?.issue.message).toBe('Customer name is required');
    expect(first?.words).toEqual({
      key: 'validation.required',
      params: { label: { key: 'field.customerName' } },
    });
    expect(renderText(first?.words ?? { key: '' }, 'vi')).toBe('Tên khách hàng không được để trống');
  });

  it('answers a custom issue made from the value by the text it carries', () => {
    const [first] = textsOf(ListOrdersQuerySchema, { from_date: '2026-02-31' });
    expect(first?.words).toEqual({ key: 'validation.notADate', params: { value: '2026-02-31' } });
    expect(englishOf(first?.words ?? { key: '' })).toBe(first?.issue.message);
    const [weight] = textsOf(ItemDeclarationFieldsSchema.pick({ itemWeight: true }), { itemWeight: 'heavy' });
    expect(renderText(weight?.words ?? { key: '' }, 'vi')).toBe('Khối lượng phải là một số');
  });

  it("maps zod's own messages by code, with their limits, worded exactly as zod's", () => {
    const cases: [z.ZodType, unknown, string][] = [
      [z.object({ a: z.string().max(3) }), { a: 'abcd' }, 'validation.tooBigSize'],
      [z.object({ a: z.array(z.number()).min(2) }), { a: [1] }, 'validation.tooSmallSize'],
      [z.object({ a: z.number().max(10) }), { a: 11 }, 'validation.tooBigValue'],
      [z.object({ a: z.number().gt(0) }), { a: 0 }, 'validation.tooSmallValue'],
      [z.object({ a: z.string().length(2) }), { a: 'abc' }, 'validation.tooBigSize'],
      [z.object({ a: z.string() }), {}, 'validation.invalidType'],
      [z.object({ a: z.enum(['x', 'y']) }), { a: 'z' }, 'validation.invalidOption'],
      [z.object({ a: z.literal('x') }), { a: 'z' }, 'validation.expectedValue'],
      [z.object({ a: z.email() }), { a: 'nope' }, 'validation.invalidFormat'],
      [z.object({ a: z.string().regex(/^\d+$/) }), { a: 'x' }, 'validation.pattern'],
      [z.object({ a: z.number().multipleOf(5) }), { a: 3 }, 'validation.notMultipleOf'],
      [z.strictObject({}), { a: 1, b: 2 }, 'validation.unrecognizedKeys'],
      [z.object({ a: z.string().refine(() => false) }), { a: 'x' }, 'validation.invalidInput'],
    ];
    for (const [schema, input, key] of cases) {
      const [first] = textsOf(schema, input);
      expect(first?.words.key, first?.issue.message).toBe(key);
      expect(englishOf(first?.words ?? { key: '' })).toBe(first?.issue.message);
    }
    const [exact] = textsOf(z.object({ a: z.string().length(2) }), { a: 'abc' });
    expect(renderText(exact?.words ?? { key: '' }, 'vi')).toBe('Quá dài: chuỗi cần có đúng 2 ký tự');
  });

  it('keeps a message it has no text for as plain English', () => {
    const [first] = textsOf(z.object({ a: z.string().min(5, 'Five or more, please') }), { a: 'x' });
    expect(first?.words).toEqual({ key: 'common.plain', params: { text: 'Five or more, please' } });
  });

  it('gives a key to every message of the shared schemas, none plain, each with its exact English', () => {
    const failures: [z.ZodType, unknown][] = [
      [UpdateOrderInputSchema, { name: 5, city: 'x'.repeat(101), weight: 1.5 }],
      [UpdateOrderInputSchema, { weight: 0 }],
      [
        CreateAccountInputSchema,
        { name: '', email: 'nope', vendor_sid: null, topup: 'lots', order_status_hook: 'ftp://x' },
      ],
      [VendorInputSchema, { vendor: 'shipstore', name: 'x', ProfileId: '', serviceName: 'Pigeon' }],
      [VendorInputSchema, { vendor: 'ups' }],
      [CreateUserInputSchema, { username: 'a b', role: 7, initial_password: 'abc' }],
      [CreateUserInputSchema, { username: 'seller', role: 0, initial_password: 'Seller#123' }],
      [LoginInputSchema, {}],
      [CreatePasswordFormSchema, { password: 'Seller#123', confirm: 'other' }],
      [
        ItemDeclarationFieldsSchema,
        { skuNumber: '', itemWeight: -1, can_combine: 'maybe', declaredValue: '0.001' },
      ],
      [CreateAmsInputSchema, { name: 'A', masterAirWaybill: '157-12345670', hawb: '!', carrier: 'UPS' }],
      [ListOrdersQuerySchema, { page: '-1', page_size: '0' }],
    ];
    const plain: string[] = [];
    for (const [schema, input] of failures) {
      for (const { issue, words } of textsOf(schema, input)) {
        expect(englishOf(words)).toBe(issue.message);
        if (words.key === 'common.plain') plain.push(issue.message);
      }
    }
    expect(plain).toEqual([]);
  });

  it('has one text for each English message the schemas were built with', () => {
    expect(clashingMessages()).toEqual([]);
  });
});
