/** The batch order pages in component tests: each rendered at its route, with a probe of where it went. */
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../../../test/render.tsx';
import { BatchOrderAddPage } from '../pages/BatchOrderAddPage.tsx';
import { BatchOrdersListPage } from '../pages/BatchOrdersListPage.tsx';
import { BatchOrderViewPage } from '../pages/BatchOrderViewPage.tsx';

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function withProbe(page: ReactElement) {
  return (
    <>
      {page}
      <LocationProbe />
    </>
  );
}

/** Every batch route, so a page's Cancel, Create or link lands somewhere the probe can name. */
function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/internal/batch_orders" element={withProbe(<BatchOrdersListPage />)} />
      <Route path="/internal/batch_orders/add" element={withProbe(<BatchOrderAddPage />)} />
      <Route path="/internal/batch_orders/:sid/view" element={withProbe(<BatchOrderViewPage />)} />
    </Routes>,
    { route },
  );
}

export const renderBatchList = (search = '') => renderAt(`/internal/batch_orders${search}`);
export const renderBatchAdd = () => renderAt('/internal/batch_orders/add');
export const renderBatchView = (sid = 'bat-1') => renderAt(`/internal/batch_orders/${sid}/view`);
