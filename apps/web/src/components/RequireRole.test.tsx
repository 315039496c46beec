import { Messages, Role } from '@parcelops/shared';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { signInAs } from '../test/session.ts';
import { RequireRole } from './RequireRole.tsx';

function renderVendors() {
  return renderWithProviders(
    <Routes>
      <Route path="/internal" element={<p>Operator home</p>} />
      <Route
        path="/internal/vendors"
        element={
          <RequireRole roles={[Role.admin]} message={Messages.noPermissionViewVendors}>
            <p>Vendor list</p>
          </RequireRole>
        }
      />
    </Routes>,
    { route: '/internal/vendors' },
  );
}

describe('RequireRole', () => {
  it('lets an allowed role through', () => {
    signInAs(Role.admin);
    renderVendors();

    expect(screen.getByText('Vendor list')).toBeInTheDocument();
  });

  it('sends anyone else home with the refusal as a toast', async () => {
    signInAs(Role.operator);
    renderVendors();

    expect(await screen.findByText('Operator home')).toBeInTheDocument();
    expect(screen.getByText(Messages.noPermissionViewVendors)).toBeInTheDocument();
    expect(screen.queryByText('Vendor list')).not.toBeInTheDocument();
  });
});
