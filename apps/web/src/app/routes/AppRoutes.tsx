import { Route, Routes } from 'react-router';
import { loadTexts } from '../../i18n/i18n.ts';
import type { TextsPart } from '../../i18n/resources.ts';
import { SignInLayout } from '../layouts/SignInLayout.tsx';
import { InternalFrame, type PagePath } from './InternalFrame.tsx';
import { type LazyPage, lazyPage } from './lazy-page.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RequireViewer } from './RequireViewer.tsx';

/**
 * A page whose chunk arrives together with the part of the texts it reads (i18n/resources.ts), so the sign-in
 * page never downloads the others' texts and no page shows a key untranslated (issue 31 item 8). The signed-in
 * part brings the server's catalogue too.
 */
function pageWithTexts<M extends Record<string, unknown>>(
  part: TextsPart,
  load: () => Promise<M>,
  name: keyof M,
): LazyPage {
  return lazyPage(() => Promise.all([load(), loadTexts(part)]).then(([module]) => module), name);
}

const signedInPage = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  pageWithTexts('signedIn', load, name);

// One chunk a page (issue item 12): the sign-in layout, guards and the not-found page stay in the entry, every
// screen's code arrives when its route is first opened. The signed-in frame (app shell, drawer, navigation)
// is a chunk too, so the sign-in page does not carry it.
const SignedInLayout = signedInPage(() => import('../layouts/SignedInLayout.tsx'), 'SignedInLayout');
const IndexPage = pageWithTexts('public', () => import('../../features/home/IndexPage.tsx'), 'IndexPage');
const InternalHomePage = signedInPage(
  () => import('../../features/home/InternalHomePage.tsx'),
  'InternalHomePage',
);
const LoginPage = lazyPage(() => import('../../features/auth/LoginPage.tsx'), 'LoginPage');
const CreatePasswordPage = lazyPage(
  () => import('../../features/auth/CreatePasswordPage.tsx'),
  'CreatePasswordPage',
);
const TrackingPage = pageWithTexts(
  'public',
  () => import('../../features/tracking/pages/TrackingPage.tsx'),
  'TrackingPage',
);
const AccountsListPage = signedInPage(
  () => import('../../features/accounts/pages/AccountsListPage.tsx'),
  'AccountsListPage',
);
const AccountAddPage = signedInPage(
  () => import('../../features/accounts/pages/AccountAddPage.tsx'),
  'AccountAddPage',
);
const AccountEditPage = signedInPage(
  () => import('../../features/accounts/pages/AccountEditPage.tsx'),
  'AccountEditPage',
);
const UsersListPage = signedInPage(
  () => import('../../features/users/pages/UsersListPage.tsx'),
  'UsersListPage',
);
const UserAddPage = signedInPage(() => import('../../features/users/pages/UserAddPage.tsx'), 'UserAddPage');
const UserEditPage = signedInPage(
  () => import('../../features/users/pages/UserEditPage.tsx'),
  'UserEditPage',
);
const VendorsListPage = signedInPage(
  () => import('../../features/vendors/pages/VendorsListPage.tsx'),
  'VendorsListPage',
);
const VendorAddPage = signedInPage(
  () => import('../../features/vendors/pages/VendorAddPage.tsx'),
  'VendorAddPage',
);
const VendorEditPage = signedInPage(
  () => import('../../features/vendors/pages/VendorEditPage.tsx'),
  'VendorEditPage',
);
const PriceTablesListPage = signedInPage(
  () => import('../../features/price-tables/pages/PriceTablesListPage.tsx'),
  'PriceTablesListPage',
);
const PriceTableAddPage = signedInPage(
  () => import('../../features/price-tables/pages/PriceTableAddPage.tsx'),
  'PriceTableAddPage',
);
const PriceTableEditPage = signedInPage(
  () => import('../../features/price-tables/pages/PriceTableEditPage.tsx'),
  'PriceTableEditPage',
);
const HsCodesPage = signedInPage(
  () => import('../../features/hs-codes/pages/HsCodesPage.tsx'),
  'HsCodesPage',
);
const ItemDeclarationsPage = signedInPage(
  () => import('../../features/item-declarations/pages/ItemDeclarationsPage.tsx'),
  'ItemDeclarationsPage',
);
const OrdersListPage = signedInPage(
  () => import('../../features/orders/pages/OrdersListPage.tsx'),
  'OrdersListPage',
);
const OrderAddPage = signedInPage(
  () => import('../../features/order-entry/pages/OrderAddPage.tsx'),
  'OrderAddPage',
);
const OrderImportPage = signedInPage(
  () => import('../../features/imports/pages/OrderImportPage.tsx'),
  'OrderImportPage',
);
const OrderViewPage = signedInPage(
  () => import('../../features/order-detail/pages/OrderViewPage.tsx'),
  'OrderViewPage',
);
const BatchOrdersListPage = signedInPage(
  () => import('../../features/batch-orders/pages/BatchOrdersListPage.tsx'),
  'BatchOrdersListPage',
);
const BatchOrderAddPage = signedInPage(
  () => import('../../features/batch-orders/pages/BatchOrderAddPage.tsx'),
  'BatchOrderAddPage',
);
const BatchOrderViewPage = signedInPage(
  () => import('../../features/batch-orders/pages/BatchOrderViewPage.tsx'),
  'BatchOrderViewPage',
);
const AmsListPage = signedInPage(() => import('../../features/ams/pages/AmsListPage.tsx'), 'AmsListPage');
const AmsAddPage = signedInPage(() => import('../../features/ams/pages/AmsAddPage.tsx'), 'AmsAddPage');
const AmsViewPage = signedInPage(() => import('../../features/ams/pages/AmsViewPage.tsx'), 'AmsViewPage');
const ScanOrdersPage = signedInPage(
  () => import('../../features/hub/pages/ScanOrdersPage.tsx'),
  'ScanOrdersPage',
);
const CreateAmsPage = signedInPage(
  () => import('../../features/ams-scan/pages/CreateAmsPage.tsx'),
  'CreateAmsPage',
);
const LabelPrintPage = signedInPage(
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
