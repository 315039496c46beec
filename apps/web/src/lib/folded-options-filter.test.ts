import { describe, expect, it } from 'vitest';
import { foldedOptionsFilter } from './folded-options-filter.ts';

const options = [
  { value: '1', label: 'Cửa hàng Hương' },
  { value: '2', label: 'NGUYỄN Store' },
  { value: '3', label: 'Đỗ Gia' },
  { group: 'Old', items: [{ value: '4', label: 'Trần & Co' }] },
];
const labels = (search: string, limit = 10) =>
  foldedOptionsFilter({ options, search, limit }).map((option) =>
    'group' in option ? option.items.map((item) => item.label) : option.label,
  );

describe('foldedOptionsFilter', () => {
  it('finds labels without accents and in any case', () => {
    expect(labels('huong')).toEqual(['Cửa hàng Hương']);
    expect(labels('nguyen')).toEqual(['NGUYỄN Store']);
    expect(labels('ĐỖ')).toEqual(['Đỗ Gia']);
    expect(labels('do gia')).toEqual(['Đỗ Gia']);
    expect(labels('tran')).toEqual([['Trần & Co']]);
  });

  it('offers everything for a blank search, up to the limit', () => {
    expect(labels('  ')).toHaveLength(4);
    expect(labels('', 2)).toHaveLength(2);
  });
});
