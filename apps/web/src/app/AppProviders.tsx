import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import '../i18n/i18n.ts';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify.ts';
import { cssVariablesResolver, theme } from './theme.ts';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals so tests see the final DOM at once. */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Everything a screen needs around it except the router, shared by the app and the component tests. */
export function AppProviders({ queryClient, env = 'default', children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
