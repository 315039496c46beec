import { describe, expect, it } from 'vitest';
import { applyBatchSearchChange, parseBatchSearch } from './batch-search.ts';

describe('batch list search', () => {
  it('reads the first page of 25 of every batch from an empty URL, and refuses odd page sizes', () => {
    expect(parseBatchSearch(new URLSearchParams())).toEqual({
      page: 0,
      page_size: 25,
      from_date: '',
      to_date: '',
      account_sid: '',
      filter: '',
    });
    expect(parseBatchSearch(new URLSearchParams('page_size=30&page=-2')).page_size).toBe(25);
    expect(parseBatchSearch(new URLSearchParams('page_size=30&page=-2')).page).toBe(0);
    expect(parseBatchSearch(new URLSearchParams('page_size=100&page=3'))).toMatchObject({
      page: 3,
      page_size: 100,
    });
  });

  it('starts again at the first page when a filter changes, and leaves empty values out', () => {
    const current = new URLSearchParams('page=4&filter=Nov&account_sid=acc-2');
    expect(applyBatchSearchChange(current, { filter: '' }).toString()).toBe('account_sid=acc-2');
    expect(applyBatchSearchChange(current, { page: 2 }).toString()).toBe(
      'page=2&filter=Nov&account_sid=acc-2',
    );
    expect(applyBatchSearchChange(current, { page: 0 }).toString()).toBe('filter=Nov&account_sid=acc-2');
  });
});
