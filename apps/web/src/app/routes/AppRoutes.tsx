import { Route, Routes } from 'react-router';
import { SignInLayout } from '../layouts/SignInLayout.tsx';
import { InternalFrame, type PagePath } from './InternalFrame.tsx';
import { type LazyPage, lazyPage } from './lazy-page.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RequireViewer } from './RequireViewer.tsx';

// One chunk a page (issue item 12): the sign-in layout, guards and the not-found page stay in the entry, every
// screen's code arrives when its route is first opened. The signed-in frame (app shell, drawer, navigation)
// is a chunk too, so the sign-in page does not carry it.
const SignedInLayout = lazyPage(() => import('../layouts/SignedInLayout.tsx'), 'SignedInLayout');
const IndexPage = lazyPage(() => import('../../features/home/IndexPage.tsx'), 'IndexPage');
const InternalHomePage = lazyPage(
  () => import('../../features/home/InternalHomePage.tsx'),
  'InternalHomePage',
);
const LoginPage = lazyPage(() => import('../../features/auth/LoginPage.tsx'), 'LoginPage');
const CreatePasswordPage = lazyPage(
  () => import('../../features/auth/CreatePasswordPage.tsx'),
  'CreatePasswordPage',
);
const TrackingPage = lazyPage(() => import('../../features/tracking/pages/TrackingPage.tsx'), 'TrackingPage');
const AccountsListPage = lazyPage(
  () => import('../../features/accounts/pages/AccountsListPage.tsx'),
  'AccountsListPage',
);
const AccountAddPage = lazyPage(
  () => import('../../features/accounts/pages/AccountAddPage.tsx'),
  'AccountAddPage',
);
const AccountEditPage = lazyPage(
  () => import('../../features/accounts/pages/AccountEditPage.tsx'),
  'AccountEditPage',
);
const UsersListPage = lazyPage(() => import('../../features/users/pages/UsersListPage.tsx'), 'UsersListPage');
const UserAddPage = lazyPage(() => import('../../features/users/pages/UserAddPage.tsx'), 'UserAddPage');
const UserEditPage = lazyPage(() => import('../../features/users/pages/UserEditPage.tsx'), 'UserEditPage');
const VendorsListPage = lazyPage(
  () => import('../../features/vendors/pages/VendorsListPage.tsx'),
  'VendorsListPage',
);
const VendorAddPage = lazyPage(
  () => import('../../features/vendors/pages/VendorAddPage.tsx'),
  'VendorAddPage',
);
const VendorEditPage = lazyPage(
  () => import('../../features/vendors/pages/VendorEditPage.tsx'),
  'VendorEditPage',
);
const PriceTablesListPage = lazyPage(
  () => import('../../features/price-tables/pages/PriceTablesListPage.tsx'),
  'PriceTablesListPage',
);
const PriceTableAddPage = lazyPage(
  () => import('../../features/price-tables/pages/PriceTableAddPage.tsx'),
  'PriceTableAddPage',
);
const PriceTableEditPage = lazyPage(
  () => import('../../features/price-tables/pages/PriceTableEditPage.tsx'),
  'PriceTableEditPage',
);
const HsCodesPage = lazyPage(() => import('../../features/hs-codes/pages/HsCodesPage.tsx'), 'HsCodesPage');
const ItemDeclarationsPage = lazyPage(
  () => import('../../features/item-declarations/pages/ItemDeclarationsPage.tsx'),
  'ItemDeclarationsPage',
);
const OrdersListPage = lazyPage(
  () => import('../../features/orders/pages/OrdersListPage.tsx'),
  'OrdersListPage',
);
const OrderAddPage = lazyPage(
  () => import('../../features/order-entry/pages/OrderAddPage.tsx'),
  'OrderAddPage',
);
const OrderImportPage = lazyPage(
  () => import('../../features/imports/pages/OrderImportPage.tsx'),
  'OrderImportPage',
);
const OrderViewPage = lazyPage(
  () => import('../../features/order-detail/pages/OrderViewPage.tsx'),
  'OrderViewPage',
);
const BatchOrdersListPage = lazyPage(
  () => import('../../features/batch-orders/pages/BatchOrdersListPage.tsx'),
  'BatchOrdersListPage',
);
const BatchOrderAddPage = lazyPage(
  () => import('../../features/batch-orders/pages/BatchOrderAddPage.tsx'),
  'BatchOrderAddPage',
);
const BatchOrderViewPage = lazyPage(
  () => import('../../features/batch-orders/pages/BatchOrderViewPage.tsx'),
  'BatchOrderViewPage',
);
const AmsListPage = lazyPage(() => import('../../features/ams/pages/AmsListPage.tsx'), 'AmsListPage');
const AmsAddPage = lazyPage(() => import('../../features/ams/pages/AmsAddPage.tsx'), 'AmsAddPage');
const AmsViewPage = lazyPage(() => import('../../features/ams/pages/AmsViewPage.tsx'), 'AmsViewPage');
const ScanOrdersPage = lazyPage(
  () => import('../../features/hub/pages/ScanOrdersPage.tsx'),
  'ScanOrdersPage',
);
const CreateAmsPage = lazyPage(
  () => import('../../features/ams-scan/pages/CreateAmsPage.tsx'),
  'CreateAmsPage',
);
const LabelPrintPage = lazyPage(
  () => import('../../features/labels/pages/LabelPrintPage.tsx'),
  'LabelPrintPage',
);

/** The signed-in pages below /internal (paths relative to it). */
const INTERNAL_PAGES: [string, LazyPage][] = [
  ['accounts', AccountsListPage],
  ['accounts/add', AccountAddPage],
  ['accounts/:sid/edit', AccountEditPage],
  ['users', UsersListPage],
  ['users/add', UserAddPage],
  ['users/:user_sid/edit', UserEditPage],
  ['vendors', VendorsListPage],
  ['vendors/add', VendorAddPage],
  ['vendors/:sid/edit', VendorEditPage],
  ['pricese', PriceTablesListPage],
  ['pricese/add', PriceTableAddPage],
  ['pricese/:sid/edit', PriceTableEditPage],
  ['hs_tariff_codes', HsCodesPage],
  ['item_declarations', ItemDeclarationsPage],
  ['orders', OrdersListPage],
  ['orders/add', OrderAddPage],
  ['orders/import', OrderImportPage],
  ['orders/:sid/view', OrderViewPage],
  ['batch_orders', BatchOrdersListPage],
  ['batch_orders/add', BatchOrderAddPage],
  ['batch_orders/:sid/view', BatchOrderViewPage],
  ['ams', AmsListPage],
  ['ams/add', AmsAddPage],
  ['ams/:sid/view', AmsViewPage],
  ['scan_orders', ScanOrdersPage],
  ['create-ams', CreateAmsPage],
];
const INTERNAL_PATHS: PagePath[] = [
  { path: '/internal', page: InternalHomePage },
  ...INTERNAL_PAGES.map(([path, page]) => ({ path: `/internal/${path}`, page })),
];

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
            <InternalFrame pages={INTERNAL_PATHS} layout={SignedInLayout} />
          </RequireViewer>
        }
      >
        <Route index element={<InternalHomePage />} />
        {INTERNAL_PAGES.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage homePath="/internal" />} />
      </Route>
    </Routes>
  );
}
