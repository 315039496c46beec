import { Group, Stack, Table, Text, Title } from '@mantine/core';
import type { BatchOrderDetail } from '@parcelops/shared';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.tsx';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useServerText } from '../../../lib/server-text.ts';
import { downloadBatchErrors } from '../api.ts';

type FailedBatch = Pick<BatchOrderDetail, 'sid' | 'name' | 'problems' | 'problem_count' | 'file_kept'>;

/**
 * A failed batch's bad rows (product decisions: row, column, value and why), as many as the server lists, and
 * the seller's own sheet back with an error column, which has them all (while the file is kept: the sheet is
 * built from it).
 */
export function BatchProblems({ batch }: { batch: FailedBatch }) {
  const { t } = useTranslation('batchOrders');
  const say = useServerText();
  const format = useFormat();
  if (batch.problem_count === 0) return null;
  const shown = batch.problems.length;
  const columns = [
    { key: 'row', label: t('problems.row'), numeric: true },
    { key: 'column', label: t('problems.column') },
    { key: 'value', label: t('problems.value') },
    { key: 'why', label: t('problems.why') },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="batch-problems-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id="batch-problems-title">
          {t('problems.title')}
        </Title>
        {batch.file_kept ? (
          <DownloadButton
            icon={<IconFileSpreadsheet size={16} />}
            download={() => downloadBatchErrors(batch)}
          >
            {t('problems.downloadSheet')}
          </DownloadButton>
        ) : null}
      </Group>
      {batch.problem_count > shown ? (
        <Text size="sm">
          {t('problems.someListed', {
            shown: format.number(shown),
            total: format.number(batch.problem_count),
          })}
        </Text>
      ) : null}
      {shown > 0 ? (
        // On a phone the table scrolls sideways and holds nothing focusable: its viewport takes focus, so a
        // keyboard can scroll it too (named by the title, as a group: the section is the "Bad rows" region).
        <Table.ScrollContainer
          minWidth={560}
          maxHeight={500}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'group', 'aria-labelledby': 'batch-problems-title' },
          }}
        >
          <Table striped withTableBorder stickyHeader aria-labelledby="batch-problems-title">
            <ColumnHeads columns={columns} />
            <Table.Tbody>
              {batch.problems.map((problem) => (
                // A row may have several bad cells, and one cell one problem: row, column and why are unique.
                <Table.Tr key={`${problem.row}|${problem.column}|${problem.msg}`}>
                  <Table.Td ta="right">{problem.row}</Table.Td>
                  <Table.Td>{problem.column ?? t('problems.wholeOrder')}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{problem.value ?? ''}</Table.Td>
                  <Table.Td>{say(problem, problem.msg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
