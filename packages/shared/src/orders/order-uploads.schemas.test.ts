import { describe, expect, it } from 'vitest';
import { UpdateOrdersStatusFieldsSchema } from './order-uploads.schemas.ts';

const parse = (status: unknown, reason?: string) =>
  UpdateOrdersStatusFieldsSchema.safeParse({ status, reason });

describe('the status field of a status upload', () => {
  it('reads plain decimal whole numbers', () => {
    expect(parse('4').data?.status).toBe(4);
    expect(parse(' 1 ').data?.status).toBe(1);
    expect(parse(3).data?.status).toBe(3);
  });

  it.each([' ', '', '0x4', '1e0', '+4', '4.0', '-1', 'four', null])(
    'answers "Choose a status." for %j',
    (text) => {
      const result = parse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Choose a status.');
    },
  );

  it('refuses Order Failed and asks a reason for Failed', () => {
    expect(parse('10').error?.issues[0]?.message).toBe('Choose a status other than Order Failed.');
    expect(parse('5').error?.issues[0]?.path).toEqual(['reason']);
    expect(parse('5', 'Address unknown').success).toBe(true);
  });
});
