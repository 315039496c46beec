import { Route, Routes } from 'react-router';
import { AccountAddPage, AccountEditPage, AccountsListPage } from '../../features/accounts/index.ts';
import { CreatePasswordPage, LoginPage } from '../../features/auth/index.ts';
import { IndexPage, InternalHomePage } from '../../features/home/index.ts';
import { HsCodesPage } from '../../features/hs-codes/index.ts';
import { ItemDeclarationsPage } from '../../features/item-declarations/index.ts';
import { LabelPrintPage, OrderAddPage, OrdersListPage, OrderViewPage } from '../../features/orders/index.ts';
import {
  PriceTableAddPage,
  PriceTableEditPage,
  PriceTablesListPage,
} from '../../features/price-tables/index.ts';
import { TrackingPage } from '../../features/tracking/index.ts';
import { UserAddPage, UserEditPage, UsersListPage } from '../../features/users/index.ts';
import { VendorAddPage, VendorEditPage, VendorsListPage } from '../../features/vendors/index.ts';
import { SignedInLayout } from '../layouts/SignedInLayout.tsx';
import { SignInLayout } from '../layouts/SignInLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RequireViewer } from './RequireViewer.tsx';

/**
 * Spec §2 Screens and routes. Role checks live in the pages that need them (RequireRole), so a refused
 * visitor gets the spec's own message for that page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SignInLayout />}>
        <Route index element={<IndexPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="create-password" element={<CreatePasswordPage />} />
        <Route path="tracking" element={<TrackingPage />} />
        <Route path="*" element={<NotFoundPage homePath="/" />} />
      </Route>

      {/* Spec §2: the label print page stands outside the app's frame, so only the label prints. */}
      <Route
        path="labels/:sid"
        element={
          <RequireViewer>
            <LabelPrintPage />
          </RequireViewer>
        }
      />

      <Route
        path="internal"
        element={
          <RequireViewer>
            <SignedInLayout />
          </RequireViewer>
        }
      >
        <Route index element={<InternalHomePage />} />
        <Route path="accounts" element={<AccountsListPage />} />
        <Route path="accounts/add" element={<AccountAddPage />} />
        <Route path="accounts/:sid/edit" element={<AccountEditPage />} />
        <Route path="users" element={<UsersListPage />} />
        <Route path="users/add" element={<UserAddPage />} />
        <Route path="users/:user_sid/edit" element={<UserEditPage />} />
        <Route path="vendors" element={<VendorsListPage />} />
        <Route path="vendors/add" element={<VendorAddPage />} />
        <Route path="vendors/:sid/edit" element={<VendorEditPage />} />
        <Route path="pricese" element={<PriceTablesListPage />} />
        <Route path="pricese/add" element={<PriceTableAddPage />} />
        <Route path="pricese/:sid/edit" element={<PriceTableEditPage />} />
        <Route path="hs_tariff_codes" element={<HsCodesPage />} />
        <Route path="item_declarations" element={<ItemDeclarationsPage />} />
        <Route path="orders" element={<OrdersListPage />} />
        <Route path="orders/add" element={<OrderAddPage />} />
        <Route path="orders/:sid/view" element={<OrderViewPage />} />
        <Route path="*" element={<NotFoundPage homePath="/internal" />} />
      </Route>
    </Routes>
  );
}
