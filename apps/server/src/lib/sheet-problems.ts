/**
 * Problems found in the rows of an uploaded sheet, gathered so one reply names every bad row and column
 * (people fix a file in one go), then thrown as one 400 with the rows in `details`.
 */
import { englishOf, type Text, text } from '@parcelops/shared';
import { AppError, asText, type ErrorText, fieldIssue } from './app-error.ts';

export interface SheetProblem {
  row: number;
  column?: string;
  /** English, or a catalogue text (texts-a; imports gives the row lines their own keys). */
  message: ErrorText;
}

const MAX_DETAILS = 200;

/**
 * "Row 5, column weight: ..." as a text: the web groups a row's details into one line by `row` and renders
 * each `problem` in the chosen language (components/SheetProblems.tsx).
 */
function problemText(problem: SheetProblem): Text {
  const words = asText(problem.message);
  return problem.column
    ? text('sheets.rowColumn', { row: problem.row, column: problem.column, problem: words })
    : text('sheets.row', { row: problem.row, problem: words });
}

/** The first three problems, for the msg: "Row 2, column x: ...; Row 3: ...; …" (the details have them all). */
function firstNamed(problems: readonly SheetProblem[]): Text {
  const [a, b, c] = problems.slice(0, 3).map(problemText);
  if (!b) return text('sheets.list1', { a: a as Text });
  if (!c) return text('sheets.list2', { a: a as Text, b });
  return text(problems.length > 3 ? 'sheets.list3More' : 'sheets.list3', { a: a as Text, b, c });
}

export function describeProblem(problem: SheetProblem): string {
  return englishOf(problemText(problem));
}

export function sheetProblemsError(problems: SheetProblem[]): AppError {
  const first = problems[0];
  const summary =
    problems.length === 1 && first
      ? problemText(first)
      : text('sheets.problems', { count: problems.length, list: firstNamed(problems) });
  return AppError.badRequest(
    summary,
    problems
      .slice(0, MAX_DETAILS)
      .map((problem) =>
        fieldIssue(
          problem.column ? `row ${problem.row}.${problem.column}` : `row ${problem.row}`,
          problemText(problem),
        ),
      ),
  );
}
