import type { FieldIssue } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { SheetProblems } from './SheetProblems.tsx';

/** A detail as lib/sheet-problems.ts writes it: the row, the column and the problem as texts. */
function cell(
  row: number,
  column: string,
  problem: { key: string; params?: Record<string, unknown> },
  english: string,
) {
  return {
    path: `row ${row}.${column}`,
    message: `Row ${row}, column ${column}: ${english}`,
    key: 'sheets.rowColumn',
    params: { row, column, problem },
  } as FieldIssue;
}

const PROBLEMS: FieldIssue[] = [
  cell(
    4,
    'skuNumber',
    { key: 'validation.required', params: { label: { key: 'field.sku' } } },
    'Sku is required',
  ),
  cell(
    4,
    'itemWeight',
    { key: 'common.plain', params: { text: 'Weight must be a number' } },
    'Weight must be a number',
  ),
  cell(
    6,
    'hs_code',
    { key: 'orders.hsCodeUnknown', params: { code: '0101' } },
    'The HS code 0101 is not in the HS code table.',
  ),
  // A detail the web cannot read as a row's keeps its own line.
  { path: 'file', message: 'Please choose an Excel file.' },
];

afterEach(async () => {
  await changeLanguage('en');
});

describe('SheetProblems', () => {
  it("lists a row's columns on one line, the row named once", () => {
    renderWithProviders(<SheetProblems problems={PROBLEMS} />);
    const items = within(screen.getByRole('alert', { name: 'Problems in the file' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Row 4 — skuNumber: .+; itemWeight: Weight must be a number$/),
      'Row 6 — hs_code: The HS code 0101 is not in the HS code table.',
      'Please choose an Excel file.',
    ]);
  });

  it('says the problems in Vietnamese from their keys', async () => {
    await changeLanguage('vi');
    renderWithProviders(<SheetProblems problems={PROBLEMS.slice(2, 3)} />);
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'Dòng 6 — hs_code: Mã HS 0101 không có trong bảng mã HS.',
    );
  });
});
