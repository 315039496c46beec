import { DASHBOARD_DAYS, type Dashboard } from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  days: (days: number) => [...dashboardKeys.all, days] as const,
};

/** GET /dashboard: the caller's own account, or every account for staff. */
export const dashboardQuery = (days: number = DASHBOARD_DAYS.default) =>
  queryOptions({
    queryKey: dashboardKeys.days(days),
    queryFn: () => api.get<Dashboard>('/dashboard', { days }),
  });
