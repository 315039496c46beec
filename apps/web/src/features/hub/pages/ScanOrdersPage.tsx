/** Spec §2 Scan Orders: three tabs, for admins and operators (the server refuses anyone else). */
import { Tabs } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { OrderDetailsTab } from '../components/OrderDetailsTab.tsx';
import { ScanTab } from '../components/ScanTab.tsx';
import { UpdateStatusTab } from '../components/UpdateStatusTab.tsx';

const STAFF = [Role.admin, Role.operator] as const;

export function ScanOrdersPage() {
  const { t } = useTranslation('scan');
  return (
    <RequireRole roles={STAFF} message={t('refused')}>
      <PageHeader title={t('title')} />
      <Tabs defaultValue="scan" keepMounted={false}>
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
