import { Button, Group, Paper, Text } from '@mantine/core';
import type { BulkOrdersInput } from '@parcelops/shared';
import { IconFileSpreadsheet, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { notifyError, notifyErrorText, notifySuccess } from '../../../lib/notify.ts';
import { serverWords } from '../../../lib/server-text.ts';
import { downloadOrderLabels, LabelFormatPicker, useLabelOutput } from '../../labels/index.ts';
import { downloadOrdersXlsx, useBulkDeleteOrders } from '../api.ts';
import type { OrderSelection } from '../use-order-selection.ts';

interface OrderBulkBarProps {
  selection: OrderSelection;
  /** How many orders the filters find in all, and how many this page shows. */
  total: number;
  pageRows: number;
  /** What the server is asked to work on: the ticked sids, or every order that matches. */
  input: BulkOrdersInput;
  /** Sellers and admins; operators do not delete orders. */
  canDelete: boolean;
}

type Busy = 'labels' | 'export' | 'delete' | null;

/**
 * What to do with the ticked orders: print their labels as one file (a PDF, or ZPL for a thermal printer, as
 * this device chose last), download them as xlsx, or delete them after a confirmation that says how many. A
 * whole page ticked offers every order that matches the filters.
 */
export function OrderBulkBar({ selection, total, pageRows, input, canDelete }: OrderBulkBarProps) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const [labelOutput, setLabelOutput] = useLabelOutput();
  const remove = useBulkDeleteOrders();
  const count = selection.allMatching ? total : selection.sids.size;
  if (count === 0) return null;

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  const printLabels = () =>
    run('labels', async () => {
      const { printed, skipped } = await downloadOrderLabels(input, labelOutput);
      notifySuccess(
        skipped > 0 ? t('bulk.printedSkipped', { n: printed, skipped }) : t('bulk.printed', { n: printed }),
      );
    });
  const exportXlsx = () =>
    run('export', async () => {
      await downloadOrdersXlsx(input);
      notifySuccess(t('bulk.exported'));
    });
  const deleteOrders = () =>
    run('delete', async () => {
      const result = await remove.mutateAsync(input);
      setConfirming(false);
      selection.clear();
      // One toast says it all: a second one of the other kind would replace the first (lib/notify.ts).
      const reasons = [...new Set(result.skipped.map((entry) => serverWords(entry, entry.msg)))].join(' ');
      const skipped = result.skipped.length ? t('bulk.skipped', { n: result.skipped.length, reasons }) : '';
      if (result.deleted > 0) {
        const done =
          result.deleted === 1 ? t('bulk.deletedOne') : t('bulk.deletedMany', { n: result.deleted });
        notifySuccess(skipped ? `${done}. ${skipped}` : done);
      } else notifyErrorText(skipped || t('bulk.nothingDeleted'));
    });

  const pageTicked = !selection.allMatching && selection.sids.size === pageRows && total > pageRows;
  return (
    <Paper
      withBorder
      p="xs"
      bg="var(--mantine-primary-color-light)"
      role="region"
      aria-label={t('selection.bar')}
    >
      <Group justify="space-between" gap="xs">
        <Group gap="sm">
          <Text size="sm" fw={600} aria-live="polite">
            {selection.allMatching
              ? t('selection.allMatching', { n: format.number(total) })
              : t('selection.selected', { n: format.number(count) })}
          </Text>
          {pageTicked ? (
            <Button size="compact-sm" variant="subtle" onClick={selection.selectAllMatching}>
              {t('selection.selectAllMatching', { n: format.number(total) })}
            </Button>
          ) : null}
          <Button size="compact-sm" variant="subtle" color="gray" onClick={selection.clear}>
            {t('selection.clear')}
          </Button>
        </Group>
        <Group gap="xs">
          <LabelFormatPicker
            size="xs"
            value={labelOutput}
            onChange={setLabelOutput}
            disabled={busy === 'labels'}
          />
          <Button
            size="xs"
            leftSection={<IconPrinter size={14} aria-hidden />}
            loading={busy === 'labels'}
            disabled={busy !== null && busy !== 'labels'}
            onClick={printLabels}
          >
            {t('bulk.printLabels')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
            loading={busy === 'export'}
            disabled={busy !== null && busy !== 'export'}
            onClick={exportXlsx}
          >
            {t('bulk.export')}
          </Button>
          {canDelete ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} aria-hidden />}
              disabled={busy !== null}
              onClick={() => setConfirming(true)}
            >
              {t('bulk.delete')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('bulk.deleteTitle')}
        message={`${count === 1 ? t('bulk.confirmDeleteOne') : t('bulk.confirmDeleteMany', { n: format.number(count) })} ${t('bulk.deleteNote')}`}
        onConfirm={deleteOrders}
        onCancel={() => setConfirming(false)}
        loading={busy === 'delete'}
      />
    </Paper>
  );
}
