import { describe, expect, it } from 'vitest';
import { ListOrdersQuerySchema, OrderStatisticQuerySchema } from './order.schemas.ts';

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
