import { Button, Group } from '@mantine/core';
import type { BatchOrder } from '@parcelops/shared';
import { IconExternalLink, IconFileTypePdf, IconList, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { LabelFormatPicker, useLabelOutput } from '../../labels/index.ts';
import { downloadBatchLabels, openBatchReport } from '../api.ts';

/**
 * Spec §2 View Batch Order: "Labels" and "Report" for a batch that placed its orders (before, there is nothing
 * to print or sum up), and the list of those orders. The labels come as a PDF or as ZPL for a thermal printer,
 * as this device chose last (issue 33). The Report opens in a new tab and is saved as
 * "<batch name>.pdf"; spec §8 has a report's failure only logged.
 */
export function BatchFileActions({ batch }: { batch: Pick<BatchOrder, 'sid' | 'name' | 'status'> }) {
  const { t } = useTranslation('batchOrders');
  const [labelOutput, setLabelOutput] = useLabelOutput();
  if (!batch.sid || batch.status !== 'success') return null;
  return (
    <Group gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <LabelFormatPicker value={labelOutput} onChange={setLabelOutput} />
        <DownloadButton
          icon={labelOutput.format === 'pdf' ? <IconFileTypePdf size={16} /> : <IconPrinter size={16} />}
          download={() => downloadBatchLabels(batch, labelOutput)}
        >
          {t('labels')}
        </DownloadButton>
      </Group>
      <DownloadButton
        icon={<IconExternalLink size={16} />}
        onFailure="log"
        download={() => openBatchReport(batch)}
      >
        {t('report')}
      </DownloadButton>
      <Button
        component={Link}
        to={`/internal/orders?batch_sid=${encodeURIComponent(batch.sid)}`}
        variant="subtle"
        leftSection={<IconList size={16} aria-hidden />}
      >
        {t('viewOrders')}
      </Button>
    </Group>
  );
}
