/**
 * Spec §2 Scan Orders: three tabs, for admins and operators (the server refuses anyone else). The open tab
 * is in the address (`?tab=details`, `?tab=status`), so the operator's home links straight to each.
 */
import { Tabs } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { OrderDetailsTab } from '../components/OrderDetailsTab.tsx';
import { ScanTab } from '../components/ScanTab.tsx';
import { UpdateStatusTab } from '../components/UpdateStatusTab.tsx';
import { SCAN_TABS, type ScanTabName } from '../hub-links.ts';

const STAFF = [Role.admin, Role.operator] as const;

const isTab = (value: string | null): value is ScanTabName => SCAN_TABS.includes(value as ScanTabName);

export function ScanOrdersPage() {
  const { t } = useTranslation('scan');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: ScanTabName = isTab(asked) ? asked : 'scan';
  const choose = (value: string | null) => {
    if (!isTab(value)) return;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'scan') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };
  return (
    <RequireRole roles={STAFF} message={t('refused')}>
      <PageHeader title={t('title')} />
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="scan">{t('tabs.scan')}</Tabs.Tab>
          <Tabs.Tab value="details">{t('tabs.details')}</Tabs.Tab>
          <Tabs.Tab value="status">{t('tabs.status')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="scan">
          <ScanTab />
        </Tabs.Panel>
        <Tabs.Panel value="details">
          <OrderDetailsTab />
        </Tabs.Panel>
        <Tabs.Panel value="status">
          <UpdateStatusTab />
        </Tabs.Panel>
      </Tabs>
    </RequireRole>
  );
}
