import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ManifestFinding } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColumnHeads } from '../../../components/ColumnHeads.tsx';
import { RowActionButton } from '../../../components/RowActionButton.tsx';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useServerText } from '../../../lib/server-text.ts';

/**
 * An AMS of 20,000 parcels without declared values has 20,000 warnings: the table lists this many, so the
 * page stays responsive, and says how many there are.
 */
export const FINDINGS_SHOWN = 200;

interface AmsFindingsTableProps {
  findings: readonly ManifestFinding[];
  /** Names the table and its scroll region. */
  label: string;
  /** Given, a finding about an order's item (item_sid) gets a Fix that corrects the item right here. */
  onFix?: (finding: ManifestFinding) => void;
}

/** Problems or warnings of the reconciliation: each parcel's barcode, leading to its order, and what to fix. */
export function AmsFindingsTable({ findings, label, onFix }: AmsFindingsTableProps) {
  const { t } = useTranslation('ams');
  const say = useServerText();
  const format = useFormat();
  const shown = findings.slice(0, FINDINGS_SHOWN);
  const fixLabel = (finding: ManifestFinding) =>
    t('filing.fixLabel', { barcode: finding.barcode, problem: say(finding, finding.message) });
  return (
    <>
      <ScrollRegion label={label} maxHeight={300}>
        <Table stickyHeader withTableBorder aria-label={label}>
          <ColumnHeads
            columns={[
              { key: 'barcode', label: t('filing.barcode') },
              { key: 'message', label: t('filing.message') },
              ...(onFix
                ? [{ key: 'actions', label: <VisuallyHidden>{t('filing.actions')}</VisuallyHidden> }]
                : []),
            ]}
          />
          <Table.Tbody>
            {shown.map((finding, index) => (
              // A parcel may have the same finding twice (two items without an HS code): no key of its own.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is only ever replaced whole
              <Table.Tr key={index}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor component={Link} to={`/internal/orders/${finding.order_sid}/view`} size="sm">
                    {finding.barcode}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{say(finding, finding.message)}</Table.Td>
                {onFix ? (
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {finding.item_sid ? (
                      <RowActionButton label={fixLabel(finding)} onClick={() => onFix(finding)}>
                        {t('filing.fix')}
                      </RowActionButton>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {findings.length > shown.length ? (
        <Text size="sm" c="gray.7">
          {t('filing.shownFirst', {
            shown: format.number(shown.length),
            total: format.number(findings.length),
          })}
        </Text>
      ) : null}
    </>
  );
}
