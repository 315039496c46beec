/** Checks every row of an uploaded declaration sheet; bad rows are named by their row number. */
import { type ItemDeclarationFields, ItemDeclarationFieldsSchema, issueText, text } from '@parcelops/shared';
import { cellText } from '../../lib/excel/cell-value.ts';
import type { Sheet } from '../../lib/excel/sheet-reader.ts';
import type { SheetProblem } from '../../lib/sheet-problems.ts';

const TEXT_COLUMNS = ['skuNumber', 'name', 'refName', 'itemDescription', 'hs_code', 'originCountry'] as const;

export interface CheckedDeclarations {
  rows: { row: number; fields: ItemDeclarationFields }[];
  problems: SheetProblem[];
  titleOf: Sheet['titleOf'];
}

/** Problems name the columns as the file's own headers do ("Weight" or "itemWeight"). */
export function checkDeclarationRows(sheet: Sheet): CheckedDeclarations {
  const rows: CheckedDeclarations['rows'] = [];
  const problems: SheetProblem[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (const { row, cells } of sheet.rows) {
    // Text columns are read as text, so a SKU or HS code typed as a number (e.g. 6109.1) keeps its digits. A
    // column the file does not have stays absent: an older file must not clear a declaration's origin.
    const textCells = Object.fromEntries(
      TEXT_COLUMNS.filter((key) => key in cells).map((key) => [key, cellText(cells[key] ?? null)]),
    );
    const result = ItemDeclarationFieldsSchema.safeParse({ ...cells, ...textCells });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = issue.path.join('.');
        problems.push({ row, column: key ? sheet.titleOf(key) : undefined, message: issueText(issue) });
      }
      continue;
    }
    const seen = firstRowOfSku.get(result.data.skuNumber);
    if (seen !== undefined) {
      problems.push({
        row,
        column: sheet.titleOf('skuNumber'),
        message: text('declarations.skuRepeated', { sku: result.data.skuNumber, row: seen }),
      });
      continue;
    }
    firstRowOfSku.set(result.data.skuNumber, row);
    rows.push({ row, fields: result.data });
  }
  return { rows, problems, titleOf: sheet.titleOf };
}
