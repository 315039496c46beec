import { describe, expect, it } from 'vitest';
import { ListOrdersQuerySchema, OrderItemInputSchema, OrderStatisticQuerySchema } from './order.schemas.ts';

describe('ListOrdersQuerySchema', () => {
  it('defaults to the first page of 25', () => {
    expect(ListOrdersQuerySchema.parse({})).toMatchObject({
      page: 0,
      page_size: 25,
      filter_missing_hs_code: false,
    });
  });

  it('turns from_date into the start and to_date into the exclusive end of an inclusive range', () => {
    const query = ListOrdersQuerySchema.parse({ from_date: '2026-01-10', to_date: '2026-01-12' });
    expect(query.from_date?.toISOString()).toBe('2026-01-10T00:00:00.000Z');
    expect(query.to_date?.toISOString()).toBe('2026-01-13T00:00:00.000Z');
    const instants = ListOrdersQuerySchema.parse({
      from_date: '2026-01-10T08:00:00+07:00',
      to_date: '2026-01-12T12:00:00',
    });
    expect(instants.from_date?.toISOString()).toBe('2026-01-10T01:00:00.000Z');
    expect(instants.to_date?.toISOString()).toBe('2026-01-12T12:00:00.001Z');
  });

  it.each(['yesterday', '2026-02-30', '2026-13-01', '1', '10/01/2026', '2026-02-30T10:00:00Z'])(
    'refuses the date %s',
    (value) => {
      expect(ListOrdersQuerySchema.safeParse({ from_date: value }).success).toBe(false);
      expect(ListOrdersQuerySchema.safeParse({ to_date: value }).success).toBe(false);
    },
  );

  it('bounds page and page_size', () => {
    expect(ListOrdersQuerySchema.safeParse({ page_size: '500000' }).success).toBe(true);
    expect(ListOrdersQuerySchema.safeParse({ page_size: '500001' }).success).toBe(false);
    expect(ListOrdersQuerySchema.safeParse({ page_size: '0' }).success).toBe(false);
    expect(ListOrdersQuerySchema.safeParse({ page: '-1' }).success).toBe(false);
  });

  it('leaves paging and status out of the statistic query', () => {
    expect(OrderStatisticQuerySchema.parse({ status: '1', page: '2', filter: ' x ' })).toEqual({
      filter: 'x',
      filter_missing_hs_code: false,
    });
  });
});

describe('OrderItemInputSchema: declared value and origin', () => {
  const item = { skuNumber: 'TEE', quantity: 1, itemWeight: 1, itemWidth: 1, itemHeight: 1, itemLength: 1 };
  const messagesOf = (extra: Record<string, unknown>) => {
    const result = OrderItemInputSchema.safeParse({ ...item, ...extra });
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('leaves both out when not given, and a null or blank as none', () => {
    const parsed = OrderItemInputSchema.parse(item);
    expect(parsed.declaredValue).toBeUndefined();
    expect(parsed.originCountry).toBeUndefined();
    expect(OrderItemInputSchema.parse({ ...item, declaredValue: null, originCountry: ' ' })).toMatchObject({
      declaredValue: null,
      originCountry: null,
    });
  });

  it('takes a value over 0 up to 1,000,000 in cents, and an ISO code in any case', () => {
    for (const value of [0.01, 0.29, 19.99, 1_000_000])
      expect(OrderItemInputSchema.parse({ ...item, declaredValue: value }).declaredValue).toBe(value);
    expect(OrderItemInputSchema.parse({ ...item, originCountry: ' us ' }).originCountry).toBe('US');
  });

  it('refuses other values and codes, naming the field', () => {
    expect(messagesOf({ declaredValue: 0 })).toEqual([
      ['declaredValue', 'Declared value must be more than 0'],
    ]);
    expect(messagesOf({ declaredValue: -1 })).toEqual([
      ['declaredValue', 'Declared value must be more than 0'],
    ]);
    expect(messagesOf({ declaredValue: 1_000_000.01 })).toEqual([
      ['declaredValue', 'Declared value must be at most 1000000'],
    ]);
    expect(messagesOf({ declaredValue: 1.005 })).toEqual([
      ['declaredValue', 'Declared value may have at most 2 decimals'],
    ]);
    expect(messagesOf({ declaredValue: '5' })).toEqual([
      ['declaredValue', 'Declared value must be a number'],
    ]);
    expect(messagesOf({ declaredValue: Number.NaN })).toEqual([
      ['declaredValue', 'Declared value must be a number'],
    ]);
    expect(messagesOf({ originCountry: 'XK' })).toEqual([
      ['originCountry', 'Origin country XK is not an ISO 3166 country code'],
    ]);
    expect(messagesOf({ originCountry: 'VNM' })).toEqual([
      ['originCountry', 'Origin country must be a two-letter ISO 3166 code, such as VN'],
    ]);
    expect(messagesOf({ originCountry: 84 })).toEqual([
      ['originCountry', 'Origin country must be a two-letter ISO 3166 code, such as VN'],
    ]);
  });
});
