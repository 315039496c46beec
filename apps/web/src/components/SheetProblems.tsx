import { List, Text } from '@mantine/core';
import { type FieldIssue, isText, renderText, type TextLanguage } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../lib/api-client.ts';

/** More lines than this would push the form off screen; the rest are counted instead. */
const MAX_LINES = 20;

interface Line {
  key: string;
  /** "Row 3", when the line is a row's. */
  where?: string;
  what: string;
}

/** A detail the server wrote as "Row N, column X: problem" (lib/sheet-problems.ts), read back as its parts. */
function rowDetail(issue: FieldIssue): { row: number; column?: string; problem: unknown } | undefined {
  if (issue.key !== 'sheets.rowColumn' && issue.key !== 'sheets.row') return undefined;
  const row = issue.params?.row;
  if (typeof row !== 'number') return undefined;
  const column = issue.params?.column;
  return { row, column: typeof column === 'string' ? column : undefined, problem: issue.params?.problem };
}

/**
 * One line per bad row, its columns each named once with what is wrong there, in the chosen language; a
 * detail that is not a row's keeps a line of its own.
 */
function linesOf(problems: readonly FieldIssue[], language: TextLanguage, rowLabel: (row: number) => string) {
  const lines: Line[] = [];
  const rows = new Map<number, Line>();
  for (const issue of problems) {
    const detail = rowDetail(issue);
    const words = detail && isText(detail.problem) ? renderText(detail.problem, language) : undefined;
    if (!detail || words === undefined) {
      lines.push({ key: `${issue.path}:${issue.message}`, what: fieldMessage(issue) });
      continue;
    }
    const part = detail.column ? `${detail.column}: ${words}` : words;
    const line = rows.get(detail.row);
    if (line) line.what = `${line.what}; ${part}`;
    else {
      const created = { key: `row ${detail.row}`, where: rowLabel(detail.row), what: part };
      rows.set(detail.row, created);
      lines.push(created);
    }
  }
  return lines;
}

/**
 * The bad rows of a refused upload, one line each ("Row 3 — weight: ...; name: ..."), so the sheet can be fixed
 * in one go. The server's msg only names the first few.
 */
export function SheetProblems({ problems }: { problems: readonly FieldIssue[] }) {
  const { t, i18n } = useTranslation();
  if (problems.length === 0) return null;
  const language: TextLanguage = i18n.language === 'vi' ? 'vi' : 'en';
  const lines = linesOf(problems, language, (row) => t('sheetRow', { row }));
  const hidden = lines.length - MAX_LINES;
  return (
    <div role="alert" aria-label={t('fileProblems')}>
      <List size="sm" c="red" spacing={2}>
        {lines.slice(0, MAX_LINES).map((line) => (
          <List.Item key={line.key}>
            {line.where ? (
              <>
                <Text span fw={600} size="sm" inherit>
                  {line.where}
                </Text>
                {' — '}
              </>
            ) : null}
            {line.what}
          </List.Item>
        ))}
      </List>
      {hidden > 0 ? (
        <Text size="sm" c="red" mt={4}>
          {t('andMore', { count: hidden })}
        </Text>
      ) : null}
    </div>
  );
}
