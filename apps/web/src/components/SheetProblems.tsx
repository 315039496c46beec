import { List, Text } from '@mantine/core';
import type { FieldIssue } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';

/** More lines than this would push the form off screen; the rest are counted instead. */
const MAX_LINES = 20;

/**
 * The bad rows of a refused upload, one line each ("Row 3, column weight: ..."), so the sheet can be fixed in
 * one go. The server's msg only names the first few.
 */
export function SheetProblems({ problems }: { problems: readonly FieldIssue[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  const hidden = problems.length - MAX_LINES;
  return (
    <div role="alert" aria-label={t('fileProblems')}>
      <List size="sm" c="red" spacing={2}>
        {problems.slice(0, MAX_LINES).map((problem) => (
          <List.Item key={`${problem.path}:${problem.message}`}>{problem.message}</List.Item>
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
