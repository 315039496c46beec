import { lazy, Suspense } from 'react';
import { DashboardSkeleton } from './DashboardSkeleton.tsx';

// The charts library (recharts, d3) is the largest thing the app loads: it comes in its own chunk, only when a
// signed-in home page shows the dashboard, so the sign-in page's bundle does not carry it.
const Dashboard = lazy(() => import('./Dashboard.tsx').then((module) => ({ default: module.Dashboard })));

/** The dashboard, loaded on first use, with its skeleton meanwhile. */
export function LazyDashboard() {
  return (
    <Suspense fallback={<DashboardSkeleton />}>
      <Dashboard />
    </Suspense>
  );
}
