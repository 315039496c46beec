import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders.tsx';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './routes/AppRoutes.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
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
