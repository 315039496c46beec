import { describe, expect, it } from 'vitest';
import { CustomerInfoSchema, UpdateOrderInputSchema } from '../orders/order.schemas.ts';
import { issueText } from '../texts/issues.ts';

const customer = {
  name: 'Jane Doe',
  address1: '400 Pine St',
  city: 'Seattle',
  state: 'WA',
  country: 'US',
  postalCode: '98101',
};

describe('the recipient address of an order', () => {
  it('stores codes upper-cased and ZIP+4 with its hyphen', () => {
    const parsed = CustomerInfoSchema.parse({
      ...customer,
      state: ' wa ',
      country: 'us',
      postalCode: '981011234',
    });
    expect(parsed).toMatchObject({ state: 'WA', country: 'US', postalCode: '98101-1234' });
  });

  it('names each wrong part on its field, with its catalogue text', () => {
    const result = CustomerInfoSchema.safeParse({
      ...customer,
      country: 'Vietnam',
      state: 'HN',
      postalCode: '100000',
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['state', 'HN is not a US state code: use its two-letter USPS code, such as CA or NY'],
      ['country', 'Vietnam is not a destination: orders ship to the United States only (country code US)'],
      ['postalCode', '100000 is not a ZIP code: use 5 digits (90001) or ZIP+4 (90001-1234)'],
    ]);
    expect(issueText(issues[1] as { message: string })).toEqual({
      key: 'addresses.country.notDestination',
      params: { given: 'Vietnam' },
    });
  });

  it('says which code to use for a country name', () => {
    const result = CustomerInfoSchema.safeParse({ ...customer, country: 'United States' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Use the country code US for United States',
    ]);
  });

  it('keeps "required" for a blank part, alone', () => {
    const result = CustomerInfoSchema.safeParse({ ...customer, country: ' ', postalCode: '' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['country', 'Country is required'],
      ['postalCode', 'Postal code is required'],
    ]);
  });

  it('checks the parts an edit gives, and only those', () => {
    expect(UpdateOrderInputSchema.parse({ state: 'ca' })).toEqual({ state: 'CA' });
    expect(UpdateOrderInputSchema.safeParse({ postalCode: '9000' }).success).toBe(false);
  });
});
