/**
 * An order of the file that was not imported, as the reply says it: `msg` in English for API clients (every
 * problem, its rows and column named, as it always read), and the same problems grouped by sheet row, each
 * with its column under the file's own header and its catalogue text, so the web lists one line per bad row
 * in the chosen language and can hand the rows back to fix.
 */
import type { ImportCellProblem, ImportRowProblems, OrderImportFailure } from '@parcelops/shared';
import type { ImportedOrder, SheetProblem } from './import-columns.ts';

/** The file's own header for a column key. */
interface SheetTitles {
  titleOf(key: string): string;
}

export function rowsLabel(rows: readonly number[]): string {
  if (rows.length === 1) return `Row ${rows[0]}`;
  const first = rows[0] as number;
  const last = rows[rows.length - 1] as number;
  const consecutive = last - first === rows.length - 1;
  return consecutive ? `Rows ${first}-${last}` : `Rows ${rows.join(', ')}`;
}

/** "Row 5, column City: City is required", or the order's rows without a column. */
function problemAt(rows: readonly number[], column: string | undefined, message: string): string {
  return column ? `${rowsLabel(rows)}, column ${column}: ${message}` : `${rowsLabel(rows)}: ${message}`;
}

function cellProblem(problem: SheetProblem, sheet: SheetTitles): ImportCellProblem {
  const cell: ImportCellProblem = {
    column: problem.column ? sheet.titleOf(problem.column) : null,
    message: problem.message,
    key: problem.text.key,
  };
  if (problem.text.params) cell.params = problem.text.params;
  return cell;
}

/**
 * The problems by row: one of a single row goes under it; one of several rows (the order's price, its credit)
 * under `row: null`, listed first. Within a row, in the order found (the order's fields, then its items).
 */
function byRow(problems: readonly SheetProblem[], sheet: SheetTitles): ImportRowProblems[] {
  const groups = new Map<number | null, ImportCellProblem[]>();
  for (const problem of problems) {
    const row = problem.rows.length === 1 ? (problem.rows[0] as number) : null;
    const group = groups.get(row);
    if (group) group.push(cellProblem(problem, sheet));
    else groups.set(row, [cellProblem(problem, sheet)]);
  }
  return [...groups]
    .sort(([a], [b]) => (a ?? -1) - (b ?? -1))
    .map(([row, cells]) => ({ row, problems: cells }));
}

export function failureOf(
  order: Pick<ImportedOrder, 'orderNumber' | 'rows'>,
  problems: readonly SheetProblem[],
  sheet: SheetTitles,
): OrderImportFailure {
  const msg = problems
    .map((problem) =>
      problemAt(problem.rows, problem.column && sheet.titleOf(problem.column), problem.message),
    )
    .join('; ');
  return { orderNumber: order.orderNumber, msg, rows: order.rows, problems: byRow(problems, sheet) };
}
