import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { guard, landingGuard } from './guard';
import { RootLayout } from './root-layout';
import { PublicLayout } from './routes/public-layout';

function RouteError() {
  return (
    <Container size="sm" py={80} component="main" id="main-content">
      <Stack align="center">
        <Title order={1}>Something went horribly wrong!</Title>
        <Text>Reloading the page usually helps.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Container>
  );
}

/**
 * The route table. Every screen is its own chunk (`lazy`), so the login page loads only the
 * router, Mantine's core and its own form. Access is checked by `guard(...)` loaders that use
 * lib/redirects.ts, before a screen's code is fetched.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            loader: landingGuard,
            lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })),
          },
          { path: 'login', lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })) },
          { path: 'signup', lazy: () => import('./routes/signup').then((m) => ({ Component: m.SignupRoute })) },
          {
            path: 'v4sso/auth-callback',
            lazy: () => import('./routes/sso-callback').then((m) => ({ Component: m.SsoCallbackRoute })),
          },
          {
            path: 'reset-password',
            lazy: () => import('./routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
          },
          {
            path: 'reset-password-now',
            lazy: () => import('./routes/reset-password-now').then((m) => ({ Component: m.ResetPasswordNowRoute })),
          },
          {
            // Issue 41: an approver answers from the link in their e-mail, without signing in.
            path: 'answer/:token',
            lazy: () => import('./routes/answer').then((m) => ({ Component: m.AnswerRoute })),
          },
          {
            path: 'verify-email',
            lazy: () => import('./routes/verify-email').then((m) => ({ Component: m.VerifyEmailRoute })),
          },
          {
            path: 'confirm-email',
            lazy: () => import('./routes/confirm-email').then((m) => ({ Component: m.ConfirmEmailRoute })),
          },
          ...['privacy', 'terms', 'license'].map((path) => ({
            path,
            lazy: () => import('./routes/legal').then((m) => ({ Component: m.LegalRoute })),
          })),
        ],
      },
      // Unknown paths: inside the app's shell for a signed-in user, the visitors' frame otherwise.
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
      { path: 'logout', lazy: () => import('./routes/logout').then((m) => ({ Component: m.LogoutRoute })) },
      // A shared kiosk (issue 40): no visitor frame, no shell; the device's credential, nobody's session.
      { path: 'kiosk', lazy: () => import('./routes/kiosk').then((m) => ({ Component: m.KioskRoute })) },
      {
        // The signed-in shell: top bar, side bar, banners. Screens render inside it.
        loader: guard('signedIn'),
        lazy: () => import('./shell/app-shell').then((m) => ({ Component: m.AppShellLayout })),
        children: [
          {
            path: 'change-my-password',
            loader: guard('signedIn'),
            lazy: () => import('./routes/change-my-password').then((m) => ({ Component: m.ChangeMyPasswordRoute })),
          },
          {
            path: 'clockin',
            loader: guard('company'),
            lazy: () => import('./routes/clock').then((m) => ({ Component: m.ClockRoute })),
          },
          {
            path: 'timesheet/team',
            loader: guard('privileged'),
            lazy: () => import('./routes/team-timesheet').then((m) => ({ Component: m.TeamTimesheetRoute })),
          },
          ...['timesheet', 'timesheet/employee/:id'].map((path) => ({
            path,
            loader: guard('company'),
            lazy: () => import('./routes/timesheet').then((m) => ({ Component: m.TimesheetRoute })),
          })),
          {
            path: 'pto',
            loader: guard('company'),
            lazy: () => import('./routes/time-off').then((m) => ({ Component: m.TimeOffRoute })),
          },
          {
            path: 'admin/dashboard',
            loader: guard('privileged'),
            lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
          },
          {
            path: 'admin/inbox',
            loader: guard('privileged'),
            lazy: () => import('./routes/inbox').then((m) => ({ Component: m.InboxRoute })),
          },
          {
            path: 'admin/reports',
            loader: guard('privileged'),
            lazy: () => import('./routes/reports').then((m) => ({ Component: m.ReportsRoute })),
          },
          {
            path: 'admin/manage/company-profile',
            loader: guard('privileged'),
            lazy: () => import('./routes/company-profile').then((m) => ({ Component: m.CompanyProfileRoute })),
          },
          {
            // Billing, admins only: managers go to their home; a suspended admin is sent here
            // from every other company screen (lib/redirects.ts).
            path: 'admin/manage/my-account',
            loader: guard('admin'),
            lazy: () => import('./routes/my-account').then((m) => ({ Component: m.MyAccountRoute })),
          },
          {
            path: 'admin/manage',
            loader: guard('privileged'),
            lazy: () => import('./routes/manage-list').then((m) => ({ Component: m.ManageListRoute })),
          },
          ...['admin/manage/add-user', 'admin/manage/edit-user/:id'].map((path) => ({
            path,
            loader: guard('privileged'),
            lazy: () => import('./routes/manage-edit-user').then((m) => ({ Component: m.ManageEditUserRoute })),
          })),
          {
            path: 'admin/manage/view-user/:id',
            loader: guard('privileged'),
            lazy: () => import('./routes/manage-view-user').then((m) => ({ Component: m.ManageViewUserRoute })),
          },
          {
            path: 'admin/manage/add-batch',
            loader: guard('privileged'),
            lazy: () => import('./routes/manage-add-batch').then((m) => ({ Component: m.ManageAddBatchRoute })),
          },
          {
            // Admins only (the import signs in to the partner as its account admin).
            path: 'admin/manage/import-agencyzoom',
            loader: guard('admin'),
            lazy: () => import('./routes/manage-import-agencyzoom').then((m) => ({ Component: m.ManageImportAgencyZoomRoute })),
          },
          {
            // Admins only: managers go to their home.
            path: 'admin/manage/batch-pto',
            loader: guard('admin'),
            lazy: () => import('./routes/pto-allocation').then((m) => ({ Component: m.PtoAllocationRoute })),
          },
          {
            path: 'admin/ptomanage',
            loader: guard('privileged'),
            lazy: () => import('./routes/pto-manage').then((m) => ({ Component: m.PtoManageRoute })),
          },
          {
            // Issue 38: the sick leave compliance report, admins only.
            path: 'admin/ptomanage/sick-leave',
            loader: guard('admin'),
            lazy: () => import('./routes/sick-leave-report').then((m) => ({ Component: m.SickLeaveReportRoute })),
          },
          {
            // Issue 42: producers' licences, CE and appointments; compliance for managers and admins.
            path: 'admin/manage/licensing',
            loader: guard('privileged'),
            lazy: () => import('./routes/licensing').then((m) => ({ Component: m.LicensingRoute })),
          },
          {
            path: 'admin/manage/holidays',
            loader: guard('privileged'),
            lazy: () => import('./routes/holidays').then((m) => ({ Component: m.HolidaysRoute })),
          },
          {
            path: 'admin/manage/hr-policy',
            loader: guard('privileged'),
            lazy: () => import('./routes/hr-policy').then((m) => ({ Component: m.HrPolicyRoute })),
          },
          {
            // Issue 43: who changed what in the company (admins: everything; managers: their people).
            path: 'admin/manage/audit',
            loader: guard('privileged'),
            lazy: () => import('./routes/audit-trail').then((m) => ({ Component: m.AuditTrailRoute })),
          },
          {
            // Issue 43: the company's API keys, admins only (managers go to their home).
            path: 'admin/manage/api-keys',
            loader: guard('admin'),
            lazy: () => import('./routes/api-keys').then((m) => ({ Component: m.ApiKeysRoute })),
          },
          {
            // Issue 43: the company's webhooks, admins only (managers go to their home).
            path: 'admin/manage/webhooks',
            loader: guard('admin'),
            lazy: () => import('./routes/webhooks').then((m) => ({ Component: m.WebhooksRoute })),
          },
          {
            path: 'admin/manage/settings',
            loader: guard('privileged'),
            lazy: () => import('./routes/settings').then((m) => ({ Component: m.SettingsRoute })),
          },
          {
            // Not for the system admin ('company' sends them home).
            path: 'my-hr',
            loader: guard('company'),
            lazy: () => import('./routes/my-hr').then((m) => ({ Component: m.MyHrRoute })),
          },
          {
            path: 'my-team',
            loader: guard('company'),
            lazy: () => import('./routes/my-team').then((m) => ({ Component: m.MyTeamRoute })),
          },
          {
            path: 'team-calendar',
            loader: guard('company'),
            lazy: () => import('./routes/team-calendar').then((m) => ({ Component: m.TeamCalendarRoute })),
          },
          {
            path: 'celebrations',
            loader: guard('company'),
            lazy: () => import('./routes/celebrations').then((m) => ({ Component: m.CelebrationsRoute })),
          },
          {
            // Admins only: managers go to their home.
            path: 'company-celebrations',
            loader: guard('admin'),
            lazy: () => import('./routes/company-celebrations').then((m) => ({ Component: m.CompanyCelebrationsRoute })),
          },
          {
            // Not for the system admin ('company' sends them home).
            path: 'my-profile',
            loader: guard('company'),
            lazy: () => import('./routes/my-profile').then((m) => ({ Component: m.MyProfileRoute })),
          },
          // The system area (spec 002 §2): the platform operator only; anyone else goes to
          // /login?redirect={path} (lib/redirects.ts).
          {
            path: 'sy5tem/adm1n',
            loader: guard('sysadmin'),
            lazy: () => import('./routes/system-customers').then((m) => ({ Component: m.CustomersRoute })),
          },
          {
            path: 'sy5tem/company/:id',
            loader: guard('sysadmin'),
            lazy: () => import('./routes/system-company').then((m) => ({ Component: m.CompanyRoute })),
          },
          {
            path: 'sy5tem/stat',
            loader: guard('sysadmin'),
            lazy: () => import('./routes/system-stats').then((m) => ({ Component: m.StatsRoute })),
          },
          {
            path: 'sy5tem/employees',
            loader: guard('sysadmin'),
            lazy: () => import('./routes/system-employees').then((m) => ({ Component: m.EmployeesRoute })),
          },
          {
            path: 'sy5tem/resetpwd',
            loader: guard('sysadmin'),
            lazy: () => import('./routes/system-reset-password').then((m) => ({ Component: m.SystemResetPasswordRoute })),
          },
          {
            path: 'sy5tem/impersonate',
            loader: guard('sysadmin'),
            lazy: () => import('./routes/system-impersonate').then((m) => ({ Component: m.ImpersonateRoute })),
          },
          {
            path: 'sy5tem/promot',
            loader: guard('sysadmin'),
            lazy: () => import('./routes/system-promotions').then((m) => ({ Component: m.PromotionsRoute })),
          },
          {
            path: 'sy5tem/audit',
            loader: guard('sysadmin'),
            lazy: () => import('./routes/system-audit').then((m) => ({ Component: m.AuditRoute })),
          },
          {
            path: 'sy5tem/accrual-health',
            loader: guard('sysadmin'),
            lazy: () => import('./routes/system-accrual-health').then((m) => ({ Component: m.AccrualHealthRoute })),
          },
          {
            path: 'sy5tem/jobs',
            loader: guard('sysadmin'),
            lazy: () => import('./routes/system-jobs').then((m) => ({ Component: m.JobsRoute })),
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
