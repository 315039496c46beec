import { describe, expect, it } from 'vitest';
import { type PageItem, pageCountFor, paginationItems } from './pagination.ts';

/** The items as the control shows them: page numbers one-based, jumps as « / » with their target. */
const shown = (items: PageItem[]) =>
  items.map((item) =>
    item.kind === 'page' ? String(item.page + 1) : `${item.direction === 'back' ? '«' : '»'}${item.page + 1}`,
  );

describe('paginationItems (spec §9: neighbours 1, jump 3, minimum 4)', () => {
  it('shows nothing for no page or a single page', () => {
    expect(paginationItems(0, 0)).toEqual([]);
    expect(paginationItems(0, 1)).toEqual([]);
  });

  it('lists every page below the minimum of 4', () => {
    expect(shown(paginationItems(0, 2))).toEqual(['1', '2']);
    expect(shown(paginationItems(1, 3))).toEqual(['1', '2', '3']);
  });

  it('keeps first, last and the current page with one neighbour each side', () => {
    expect(shown(paginationItems(5, 10))).toEqual(['1', '«3', '5', '6', '7', '»9', '10']);
  });

  it('jumps 3 pages, never past the first or the last page', () => {
    expect(shown(paginationItems(0, 10))).toEqual(['1', '2', '»4', '10']);
    expect(shown(paginationItems(9, 10))).toEqual(['1', '«7', '9', '10']);
    expect(shown(paginationItems(4, 10))).toEqual(['1', '«2', '4', '5', '6', '»8', '10']);
    expect(shown(paginationItems(7, 10))).toEqual(['1', '«5', '7', '8', '9', '10']);
  });

  it('shows a single hidden page rather than a jump over it', () => {
    expect(shown(paginationItems(0, 4))).toEqual(['1', '2', '3', '4']);
    expect(shown(paginationItems(2, 10))).toEqual(['1', '2', '3', '4', '»6', '10']);
    expect(shown(paginationItems(0, 5))).toEqual(['1', '2', '»4', '5']);
  });

  it('treats a page past the end as the last page', () => {
    expect(shown(paginationItems(40, 10))).toEqual(['1', '«7', '9', '10']);
  });

  it('honours other options', () => {
    expect(shown(paginationItems(10, 21, { neighbours: 2, jump: 5 }))).toEqual([
      '1',
      '«6',
      '9',
      '10',
      '11',
      '12',
      '13',
      '»16',
      '21',
    ]);
    expect(shown(paginationItems(0, 3, { minimum: 2 }))).toEqual(['1', '2', '3']);
  });
});

describe('pageCountFor', () => {
  it('rounds up and never goes below 0', () => {
    expect(pageCountFor(0, 25)).toBe(0);
    expect(pageCountFor(25, 25)).toBe(1);
    expect(pageCountFor(26, 25)).toBe(2);
    expect(pageCountFor(-1, 25)).toBe(0);
  });
});
