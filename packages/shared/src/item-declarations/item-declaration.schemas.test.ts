import { describe, expect, it } from 'vitest';
import { ItemDeclarationFieldsSchema } from './item-declaration.schemas.ts';

const fields = {
  skuNumber: 'TEE',
  name: 'Tee',
  refName: 'Ao',
  itemDescription: 'Cotton tee',
  itemWeight: 1,
  itemWidth: 1,
  itemHeight: 1,
  itemLength: 1,
  can_combine: false,
};

describe('ItemDeclarationFieldsSchema: declared value and origin', () => {
  it('leaves both undefined when left out (a stored declaration keeps its own), and blank or null as none', () => {
    const parsed = ItemDeclarationFieldsSchema.parse(fields);
    expect(parsed.declaredValue).toBeUndefined();
    expect(parsed.originCountry).toBeUndefined();
    for (const blank of ['', '  ', null])
      expect(
        ItemDeclarationFieldsSchema.parse({ ...fields, declaredValue: blank, originCountry: blank }),
      ).toMatchObject({ declaredValue: null, originCountry: null });
  });

  it('reads a value from a number or text (a decimal comma too), and upper-cases the origin', () => {
    expect(
      ItemDeclarationFieldsSchema.parse({ ...fields, declaredValue: ' 12,5 ', originCountry: 'kh' }),
    ).toMatchObject({ declaredValue: 12.5, originCountry: 'KH' });
    expect(ItemDeclarationFieldsSchema.parse({ ...fields, declaredValue: 0.29 }).declaredValue).toBe(0.29);
  });

  it('refuses a value that is not a number, not more than 0 or below cents, and an unknown origin', () => {
    const messagesOf = (extra: Record<string, unknown>) => {
      const result = ItemDeclarationFieldsSchema.safeParse({ ...fields, ...extra });
      return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(messagesOf({ declaredValue: '12 USD' })).toEqual([
      ['declaredValue', 'Declared value must be a number'],
    ]);
    expect(messagesOf({ declaredValue: '0' })).toEqual([
      ['declaredValue', 'Declared value must be more than 0'],
    ]);
    expect(messagesOf({ declaredValue: '1.999' })).toEqual([
      ['declaredValue', 'Declared value may have at most 2 decimals'],
    ]);
    expect(messagesOf({ originCountry: 'XX' })).toEqual([
      ['originCountry', 'Origin country XX is not an ISO 3166 country code'],
    ]);
  });
});
