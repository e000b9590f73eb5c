/**
 * The route table of the SPA (000 §2, 001 §2). Public routes match exactly; the admin area needs
 * ADMIN; the dashboard needs a brand user or an admin acting as one; /privacypolicy needs a
 * session. Screens of later issues plug in behind the same guards.
 *
 * Every screen is loaded on demand (react-router `lazy`), with its CSS: /login loads the public
 * pages' code only, the admin and dashboard areas load their frame and screens when first visited.
 * The guards, the session and the access rules stay in the entry chunk (they decide before any
 * area loads).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router-dom';
import { paths } from '../config/paths';
import { setNavigator } from '../lib/navigation';
import { Guard } from './guards';

/** A route's `lazy`: the named component of a module loaded on first visit. */
function screen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

const login = screen(() => import('./routes/login'), 'LoginRoute');

/** Shown when a screen throws; loaded only then (it draws the public pages' frame). */
const RouteError = lazy(async () => ({ default: (await import('./routes/route-error')).RouteErrorRoute }));

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: (
      <Suspense fallback={null}>
        <RouteError />
      </Suspense>
    ),
    children: [
      { path: paths.root, lazy: login },
      { path: paths.login, lazy: login },
      { path: paths.register, lazy: screen(() => import('./routes/register'), 'RegisterRoute') },
      { path: paths.resetPassword, lazy: screen(() => import('./routes/new-password'), 'ResetPasswordRoute') },
      { path: paths.activateAccount, lazy: screen(() => import('./routes/new-password'), 'ActivateAccountRoute') },
      { path: paths.forgotPassword, lazy: screen(() => import('./routes/forgot-password'), 'ForgotPasswordRoute') },
      { path: paths.home, lazy: screen(() => import('./routes/home'), 'HomeRoute') },
      // A finished single sign-on (issue 26): the one-time code in the fragment becomes the session.
      { path: paths.ssoDone, lazy: screen(() => import('./routes/sso-done'), 'SsoDoneRoute') },
      // The B2B portal (001 §2, §6): public, outside the dashboard; the link's token opens it (docs/decisions.md "B2B portal").
      { path: '/b2bReatilerView/:rId', lazy: screen(() => import('./routes/b2b-portal'), 'B2bPortalRoute') },
      { path: '/b2bReatilerView/:rId/period/:pId', lazy: screen(() => import('./routes/b2b-portal'), 'B2bPortalRoute') },
      { path: paths.retailerCases, lazy: screen(() => import('./routes/retailer-cases'), 'RetailerCasesRoute') },
      // A My Account email change's link (issue 36): signed in as the account that asked.
      {
        path: paths.confirmEmail,
        element: <Guard area="session" />,
        children: [{ index: true, lazy: screen(() => import('./routes/confirm-email'), 'ConfirmEmailRoute') }],
      },
      {
        path: paths.privacyPolicy,
        element: <Guard area="session" />,
        children: [{ index: true, lazy: screen(() => import('./routes/privacy-policy'), 'PrivacyPolicyRoute') }],
      },
      {
        path: paths.admin.home,
        element: <Guard area="admin" />,
        children: [
          {
            lazy: screen(() => import('./layouts/admin-layout'), 'AdminLayout'),
            children: [
              { index: true, lazy: screen(() => import('./routes/admin/home'), 'AdminHomeRoute') },
              { path: 'confirm', lazy: screen(() => import('./routes/admin/confirm'), 'AdminConfirmRoute') },
              { path: 'post-office', lazy: screen(() => import('./routes/admin/post-office'), 'PostOfficeRoute') },
              { path: 'post-office/comparison/:fId', lazy: screen(() => import('./routes/admin/comparison'), 'ComparisonRoute') },
              { path: 'post-office/settings', lazy: screen(() => import('./routes/admin/post-office-settings'), 'PostOfficeSettingsRoute') },
              { path: 'post-office/notification', lazy: screen(() => import('./routes/admin/notifications'), 'NotificationsRoute') },
              { path: 'manage-users', lazy: screen(() => import('./routes/admin/manage-users'), 'ManageUsersRoute') },
              { path: 'retailers', lazy: screen(() => import('./routes/admin/retailers'), 'RetailersRoute') },
              { path: 'user-retailer-association', lazy: screen(() => import('./routes/admin/user-retailer-association'), 'UserRetailerAssociationRoute') },
              { path: 'permissions', lazy: screen(() => import('./routes/admin/permissions'), 'PermissionsRoute') },
              { path: 'security', lazy: screen(() => import('./routes/admin/security'), 'AdminSecurityRoute') },
              { path: '*', lazy: screen(() => import('./routes/admin/not-available'), 'AdminNotAvailableRoute') },
            ],
          },
        ],
      },
      {
        path: paths.dashboard.root,
        element: <Guard area="dashboard" />,
        children: [
          {
            lazy: screen(() => import('./layouts/dashboard-layout'), 'DashboardLayout'),
            children: [
              { index: true, element: <Navigate to={paths.dashboard.summary} replace /> },
              { path: 'summary', lazy: screen(() => import('./routes/dashboard/summary'), 'SummaryRoute') },
              // The retailer view and the product page (issue 8): one screen module each, with the feature's CSS.
              { path: 'retailer/:rId', lazy: screen(() => import('./routes/dashboard/retailer'), 'RetailerRoute') },
              { path: 'retailer/:rId/period/:pId', lazy: screen(() => import('./routes/dashboard/retailer'), 'RetailerRoute') },
              { path: 'retailer/:rId/product/:pId', lazy: screen(() => import('./routes/dashboard/product'), 'ProductRoute') },
              { path: 'retailer/:rId/product/:pId/sku/:brandSku', lazy: screen(() => import('./routes/dashboard/product'), 'ProductRoute') },
              { path: 'stats', lazy: screen(() => import('./routes/dashboard/stats'), 'StatsRoute') },
              { path: 'products-list', lazy: screen(() => import('./routes/dashboard/products-list'), 'ProductsListRoute') },
              { path: 'profile/settings', lazy: screen(() => import('./routes/dashboard/settings'), 'SettingsRoute') },
              { path: 'message-inbox', lazy: screen(() => import('./routes/dashboard/inbox'), 'InboxRoute') },
              { path: '*', lazy: screen(() => import('./routes/dashboard/not-available'), 'DashboardNotAvailableRoute') },
            ],
          },
        ],
      },
      { path: '*', lazy: screen(() => import('./routes/not-found'), 'NotFoundRoute') },
    ],
  },
]);

setNavigator((to, opts) => void router.navigate(to, opts));
