import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n/i18n.ts';
import { useToastsEndWithSession } from '../lib/notify.ts';
import { lazyPage } from './routes/lazy-page.tsx';
import { cssVariablesResolver, themeWithCloseLabels } from './theme.ts';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals so tests see the final DOM at once. */
  env?: 'default' | 'test';
  children: ReactNode;
}

// The toasts' container in a chunk of its own, off the sign-in page's way (issue 21 item 9): fetched with the
// first toast, which waits in the store meanwhile. Tests load it first (lazy-page.tsx `preloadPages`), so a
// toast shows at once there.
const Toasts = lazyPage(() => import('./Toasts.tsx'), 'Toasts', null);

/** The toasts' container, once there is a toast to show; kept from then on. */
function ToastsOnDemand() {
  const [needed, setNeeded] = useState(false);
  const shown = useNotifications().notifications.length > 0;
  useEffect(() => {
    if (shown) setNeeded(true);
  }, [shown]);
  return needed || shown ? <Toasts /> : null;
}

/** Clears the toasts when the session ends; a component so the providers re-render nothing on sign-out. */
function ToastsEndWithSession() {
  useToastsEndWithSession();
  return null;
}

/** Everything a screen needs around it except the router, shared by the app and the component tests. */
export function AppProviders({ queryClient, env = 'default', children }: AppProvidersProps) {
  const { t } = useTranslation();
  const notification = t('closeNotification');
  const dialog = t('closeDialog');
  const theme = useMemo(() => themeWithCloseLabels({ notification, dialog }), [notification, dialog]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <ToastsOnDemand />
      <ToastsEndWithSession />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
