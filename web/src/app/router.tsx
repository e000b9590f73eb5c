/**
 * The route table of the SPA (000 §2, 001 §2). Public routes match exactly; the admin area needs
 * ADMIN; the dashboard needs a brand user or an admin acting as one; /privacypolicy needs a
 * session. Screens of later issues plug in behind the same guards.
 */
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router-dom';
import { AdminLayout } from '../components/layouts/admin-layout';
import { DashboardLayout } from '../components/layouts/dashboard-layout';
import { paths } from '../config/paths';
import { setNavigator } from '../lib/navigation';
import { Guard } from './guards';
import { ComparisonRoute } from './routes/admin/comparison';
import { AdminConfirmRoute } from './routes/admin/confirm';
import { AdminHomeRoute } from './routes/admin/home';
import { AdminNotAvailableRoute } from './routes/admin/not-available';
import { NotificationsRoute } from './routes/admin/notifications';
import { PostOfficeRoute } from './routes/admin/post-office';
import { PostOfficeSettingsRoute } from './routes/admin/post-office-settings';
import { DashboardNotAvailableRoute } from './routes/dashboard/not-available';
import { SummaryRoute } from './routes/dashboard/summary';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { LoginRoute } from './routes/login';
import { NewPasswordRoute } from './routes/new-password';
import { NotFoundRoute } from './routes/not-found';
import { PrivacyPolicyRoute } from './routes/privacy-policy';
import { RegisterRoute } from './routes/register';
import { RouteErrorRoute } from './routes/route-error';

function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorRoute />,
    children: [
      { path: paths.root, element: <LoginRoute /> },
      { path: paths.login, element: <LoginRoute /> },
      { path: paths.register, element: <RegisterRoute /> },
      { path: paths.resetPassword, element: <NewPasswordRoute kind="reset" /> },
      { path: paths.activateAccount, element: <NewPasswordRoute kind="activate" /> },
      { path: paths.forgotPassword, element: <ForgotPasswordRoute /> },
      { path: paths.privacyPolicy, element: <Guard area="session"><PrivacyPolicyRoute /></Guard> },
      {
        path: paths.admin.home,
        element: <Guard area="admin"><AdminLayout /></Guard>,
        children: [
          { index: true, element: <AdminHomeRoute /> },
          { path: 'confirm', element: <AdminConfirmRoute /> },
          { path: 'post-office', element: <PostOfficeRoute />, handle: { wide: true } },
          { path: 'post-office/comparison/:fId', element: <ComparisonRoute />, handle: { wide: true } },
          { path: 'post-office/settings', element: <PostOfficeSettingsRoute /> },
          { path: 'post-office/notification', element: <NotificationsRoute /> },
          { path: '*', element: <AdminNotAvailableRoute /> },
        ],
      },
      {
        path: paths.dashboard.root,
        element: <Guard area="dashboard"><DashboardLayout /></Guard>,
        children: [
          { index: true, element: <Navigate to={paths.dashboard.summary} replace /> },
          { path: 'summary', element: <SummaryRoute /> },
          { path: '*', element: <DashboardNotAvailableRoute /> },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

setNavigator((to, opts) => void router.navigate(to, opts));
