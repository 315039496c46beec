/**
 * What an import's reply means for the page (issue 21: imports that say what to fix): the toast's kind by
 * its counts, the link to the placed orders, and each failed order's problems as one line per sheet row in
 * the chosen language (the server sends each problem's catalogue key beside its English).
 */
import {
  type ImportCellProblem,
  type ImportRowProblems,
  type OrderImportFailure,
  type OrderImportResult,
  renderText,
  type TextLanguage,
  type TextParams,
} from '@parcelops/shared';
import type { TFunction } from 'i18next';

/** Green only when every order went in; orange when some did; red when none did. */
export type ImportOutcome = 'success' | 'warning' | 'error';

export function importOutcome(result: Pick<OrderImportResult, 'imported' | 'failedOrders'>): ImportOutcome {
  if (result.failedOrders.length === 0) return 'success';
  return result.imported > 0 ? 'warning' : 'error';
}

/** The sheet rows of the orders that failed: the rows to fix and upload again. */
export function failedRowCount(failures: readonly OrderImportFailure[]): number {
  return failures.reduce((sum, failure) => sum + failure.rows.length, 0);
}

/**
 * The orders list showing the placed orders: the window in which they were placed (the list's from_date and
 * to_date take instants), for the account the staff member chose.
 */
export function placedOrdersHref(result: OrderImportResult, withAccount: boolean): string | null {
  if (!result.placed || result.imported === 0) return null;
  const params = new URLSearchParams();
  if (withAccount) params.set('account_sid', result.placed.account_sid);
  params.set('from_date', result.placed.from);
  params.set('to_date', result.placed.to);
  return `/internal/orders?${params.toString()}`;
}

type ImportT = TFunction<'orderImport'>;

/** A problem's words in the language, or its English when this web does not know the key. */
export function problemWords(problem: ImportCellProblem, language: TextLanguage): string {
  // The wire's nested texts are checked one level deep; renderText reads deeper ones as texts too.
  const params = problem.params as TextParams | undefined;
  return renderText({ key: problem.key, params }, language) ?? problem.message;
}

/** "Row 5", "Rows 5–7" or "Rows 5, 9". */
export function rowsLabel(rows: readonly number[], t: ImportT): string {
  if (rows.length === 1) return t('row', { row: rows[0] });
  const first = rows[0] as number;
  const last = rows[rows.length - 1] as number;
  return last - first === rows.length - 1
    ? t('rowRange', { first, last })
    : t('rowList', { rows: rows.join(', ') });
}

/** A row's problems in one line: each column named once, with what is wrong with it. */
export function problemsText(problems: readonly ImportCellProblem[], language: TextLanguage): string {
  return problems
    .map((problem) => {
      const words = problemWords(problem, language);
      return problem.column ? `${problem.column}: ${words}` : words;
    })
    .join('; ');
}

export interface ProblemLine {
  /** "Row 5", or the order's rows for its own problems (its price, the credit). */
  where: string;
  what: string;
}

/** One line per bad row (the order's own problems first, under all its rows). */
export function problemLines(failure: OrderImportFailure, t: ImportT, language: TextLanguage): ProblemLine[] {
  return failure.problems.map((group: ImportRowProblems) => ({
    where: group.row === null ? rowsLabel(failure.rows, t) : t('row', { row: group.row }),
    what: problemsText(group.problems, language),
  }));
}

/**
 * What the Error column of the failed rows' sheet says on each row: the row's own problems and its order's;
 * a row of a failed order with none of its own points at the row that has them.
 */
export function rowErrors(
  failures: readonly OrderImportFailure[],
  t: ImportT,
  language: TextLanguage,
): Map<number, string> {
  const errors = new Map<number, string>();
  for (const failure of failures) {
    const own = new Map(failure.problems.map((group) => [group.row, group.problems]));
    const whole = own.get(null) ?? [];
    const firstBad = failure.problems.find((group) => group.row !== null)?.row ?? failure.rows[0];
    for (const row of failure.rows) {
      const problems = [...whole, ...(own.get(row) ?? [])];
      errors.set(
        row,
        problems.length > 0 ? problemsText(problems, language) : t('sameOrder', { row: firstBad }),
      );
    }
  }
  return errors;
}
