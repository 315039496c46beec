import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders.tsx';
import { AppRoutes } from './routes/AppRoutes.tsx';

/** The app around `queryClient`, which main.tsx makes first so the first page's data can start at once. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      {/*
        Without transitions a navigation renders in the same pass as the session change made beside it
        (sign-in, sign-out), so the route guards never see the new session on the old page.
      */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
