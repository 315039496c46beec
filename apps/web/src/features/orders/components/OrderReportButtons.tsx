import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import type { OrderListParams } from '../api.ts';

interface ReportButtonProps {
  path: string;
  fileName: string;
  filters: Omit<OrderListParams, 'page' | 'page_size'>;
  children: ReactNode;
}

/**
 * One report download. The server streams the file while it reads the orders, so the button spins until the
 * whole file is in. Spec §8: a report's failure is only logged (no toast).
 */
function ReportButton({ path, fileName, filters, children }: ReportButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await api.download(path, fileName, { ...filters });
    } catch (error) {
      console.error(`${fileName} failed`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      onClick={onClick}
      loading={busy}
    >
      {children}
    </Button>
  );
}

/**
 * The Orders screen's "Report" and "Delivery time report" downloads: the list's current filters and order
 * (as sent for the list, so the file holds what the list shows), every page.
 */
export function OrderReportButtons({ query }: { query: OrderListParams }) {
  const { t } = useTranslation('orderReports');
  const { page: _page, page_size: _pageSize, ...filters } = query;
  return (
    <Group gap="xs" role="group" aria-label={t('reportsLabel')}>
      <ReportButton path="/orders/report" fileName="orders_report.xlsx" filters={filters}>
        {t('report')}
      </ReportButton>
      <ReportButton path="/orders/deliveryTimeReport" fileName="delivery_time_report.xlsx" filters={filters}>
        {t('deliveryTimeReport')}
      </ReportButton>
    </Group>
  );
}
