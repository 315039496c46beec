/**
 * The home page's dashboard (issue item 8): orders per day by status over the last 30 days, across accounts
 * for staff and for their own account for a seller, and a seller's spend per day. Loaded lazily
 * (LazyDashboard.tsx): this module pulls in the charts library.
 */
import '@mantine/charts/styles.css';
import { Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_DAYS, Role } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.tsx';
import { useViewer } from '../../lib/session.ts';
import { dashboardQuery } from './api.ts';
import { DashboardSkeleton } from './DashboardSkeleton.tsx';
import { ordersPicture, spendPicture } from './dashboard-data.ts';
import { OrdersSection } from './OrdersSection.tsx';
import { ScansSection } from './ScansSection.tsx';
import { SpendSection } from './SpendSection.tsx';

const DAYS = DASHBOARD_DAYS.default;

export function Dashboard() {
  const { t } = useTranslation('dashboard');
  const viewer = useViewer();
  const query = useQuery(dashboardQuery(DAYS));
  const reply = query.data;

  const body = (
    <QueryState query={query} loading={<DashboardSkeleton />}>
      {(loaded) => {
        const orders = ordersPicture(loaded);
        if (orders.total === 0)
          return <Text data-testid="dashboard-empty">{t('empty', { days: DAYS })}</Text>;
        const spend = spendPicture(loaded);
        return (
          <>
            <OrdersSection picture={orders} />
            {spend && loaded.spend ? (
              <SpendSection picture={spend} unit={loaded.spend.unit} days={DAYS} />
            ) : null}
            {/* Hub work is staff's: admins and operators see the parcels scanned per hub and day. */}
            {viewer && viewer.role !== Role.account ? (
              <ScansSection rows={loaded.scansPerDay ?? []} days={DAYS} />
            ) : null}
          </>
        );
      }}
    </QueryState>
  );

  return (
    <Stack component="section" gap="lg" aria-labelledby="dashboard-heading" data-testid="dashboard">
      <div>
        <Title order={2} size="h3" id="dashboard-heading">
          {t('dashboard')}
        </Title>
        {reply ? (
          <Text size="sm" c="dimmed">
            {t(reply.spend ? 'scopeOwn' : 'scopeAll', { days: DAYS })}
          </Text>
        ) : null}
      </div>
      {body}
    </Stack>
  );
}
