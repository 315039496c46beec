import { Role } from '@parcelops/shared';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/session.ts';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeToken } from '../../test/session.ts';
import { InternalFrame } from './InternalFrame.tsx';
import { lazyPage } from './lazy-page.tsx';

const Nothing = () => null;
const ordersCalls = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.filter(
    ([input]) => new URL(String(input), 'http://localhost').pathname === '/api/v1/orders',
  );

describe('the signed-in frame', () => {
  it("asks for a cold page's data while its code is on its way", async () => {
    setToken(fakeToken({ role: Role.admin }));
    const fetch = stubFetch(() => ({ status: 200, body: { data: [], total: 0 } }));
    // Made here, not at the top: the test setup would wait for every page made before it, and this one never comes.
    const never = lazyPage(() => new Promise<Record<string, unknown>>(() => {}), 'Never');
    renderWithProviders(
      <InternalFrame pages={[{ path: '/internal/orders', page: never }]} layout={Nothing} />,
      {
        route: '/internal/orders?status=3',
      },
    );
    await waitFor(() => expect(ordersCalls(fetch)).toHaveLength(1));
    expect(ordersCalls(fetch)[0]?.[0]).toContain('status=3');
  });

  it('leaves a page whose code is here to ask for its own data', async () => {
    setToken(fakeToken({ role: Role.admin }));
    const fetch = stubFetch(() => ({ status: 200, body: { data: [], total: 0 } }));
    const here = lazyPage(async () => ({ Here: Nothing }), 'Here');
    await here.preload();
    renderWithProviders(
      <InternalFrame pages={[{ path: '/internal/orders', page: here }]} layout={Nothing} />,
      {
        route: '/internal/orders',
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });
});
