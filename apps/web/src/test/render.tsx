import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { type InitialEntry, MemoryRouter } from 'react-router';
import { AppProviders } from '../app/AppProviders.tsx';

interface RenderOptions {
  /** The URL the router starts at, e.g. '/internal/vendors' (or an entry with router state). */
  route?: InitialEntry;
}

/**
 * Renders `ui` inside the app's providers (Mantine in test mode, toasts, a fresh query client that never
 * retries) and a memory router. Render `<AppRoutes />` to drive whole screens, guards included.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[route]} useTransitions={false}>
        {children}
      </MemoryRouter>
    </AppProviders>
  );
  return { user: userEvent.setup(), queryClient, ...render(ui, { wrapper }) };
}
