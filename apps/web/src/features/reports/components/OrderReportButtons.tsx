import { Group } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { api } from '../../../lib/api-client.ts';
import type { OrderListParams } from '../../../lib/order-queries.ts';

const REPORTS = [
  { path: '/orders/report', fileName: 'orders_report.xlsx', label: 'report' },
  { path: '/orders/deliveryTimeReport', fileName: 'delivery_time_report.xlsx', label: 'deliveryTimeReport' },
] as const;

/**
 * The Orders screen's "Report" and "Delivery time report" downloads: the list's current filters and order
 * (as sent for the list, so the file holds what the list shows), every page. Spec §8: a report's failure is
 * only logged (no toast).
 */
export function OrderReportButtons({ query }: { query: OrderListParams }) {
  const { t } = useTranslation('orderReports');
  const { page: _page, page_size: _pageSize, ...filters } = query;
  return (
    <Group gap="xs" role="group" aria-label={t('reportsLabel')}>
      {REPORTS.map((report) => (
        <DownloadButton
          key={report.path}
          variant="default"
          icon={<IconFileSpreadsheet size={16} />}
          onFailure="log"
          download={() => api.download(report.path, report.fileName, { ...filters })}
        >
          {t(report.label)}
        </DownloadButton>
      ))}
    </Group>
  );
}
