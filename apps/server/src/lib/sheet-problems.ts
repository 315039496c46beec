/**
 * Problems found in the rows of an uploaded sheet, gathered so one reply names every bad row and column
 * (people fix a file in one go), then thrown as one 400 with the rows in `details`.
 */
import { AppError } from './app-error.ts';

export interface SheetProblem {
  row: number;
  column?: string;
  message: string;
}

const MAX_DETAILS = 200;

export function describeProblem(problem: SheetProblem): string {
  return problem.column
    ? `Row ${problem.row}, column ${problem.column}: ${problem.message}`
    : `Row ${problem.row}: ${problem.message}`;
}

export function sheetProblemsError(problems: SheetProblem[]): AppError {
  const first = problems[0];
  const summary =
    problems.length === 1 && first
      ? describeProblem(first)
      : `${problems.length} problems in the file, nothing was saved. ${problems.slice(0, 3).map(describeProblem).join('; ')}${problems.length > 3 ? '; …' : ''}`;
  return AppError.badRequest(
    summary,
    problems.slice(0, MAX_DETAILS).map((problem) => ({
      path: problem.column ? `row ${problem.row}.${problem.column}` : `row ${problem.row}`,
      message: describeProblem(problem),
    })),
  );
}
