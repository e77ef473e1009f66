// The page routes beside the map screen (/coverage, account and admin pages, legal texts): each page
// is its own lazily loaded module, so the map screen's first load stays small. Any other path is the
// map screen (place and parcel paths included), booted by main.tsx without the router. This file
// stays free of react-router, so the map screen's bundle does not carry it (page-router.tsx does).
import type { ComponentType } from 'react';

type PageModule = () => Promise<{ Component: ComponentType }>;

/** One entry per page: the path pattern and its module. Add new pages here. */
export const pages: { path: string; load: PageModule }[] = [
  {
    path: '/coverage',
    load: () => import('./coverage/coverage-screen.tsx').then((m) => ({ Component: m.CoverageScreen })),
  },
  // Account pages (issue 9): user info, password reset, invitations, the Members Dashboard.
  { path: '/users', load: () => import('./users/members-page.tsx').then((m) => ({ Component: m.MembersPage })) },
  {
    path: '/users/edit',
    load: () => import('./users/edit-user-page.tsx').then((m) => ({ Component: m.EditUserPage })),
  },
  {
    path: '/users/password/new',
    load: () => import('./users/password-new-page.tsx').then((m) => ({ Component: m.PasswordNewPage })),
  },
  {
    path: '/users/password/edit',
    load: () => import('./users/password-edit-page.tsx').then((m) => ({ Component: m.PasswordEditPage })),
  },
  {
    path: '/users/invitation',
    load: () => import('./users/invitation-page.tsx').then((m) => ({ Component: m.InvitationPage })),
  },
  {
    path: '/admin',
    load: () => import('./admin/admin-overview-page.tsx').then((m) => ({ Component: m.AdminOverviewPage })),
  },
  {
    path: '/admin/users',
    load: () => import('./admin/admin-users-page.tsx').then((m) => ({ Component: m.AdminUsersPage })),
  },
  {
    path: '/admin/user_profiles',
    load: () => import('./admin/admin-user-profiles-page.tsx').then((m) => ({ Component: m.AdminUserProfilesPage })),
  },
  {
    path: '/admin/requests',
    load: () => import('./admin/admin-requests-page.tsx').then((m) => ({ Component: m.AdminRequestsPage })),
  },
  {
    path: '/admin/search_feedback',
    load: () =>
      import('./admin/admin-search-feedback-page.tsx').then((m) => ({ Component: m.AdminSearchFeedbackPage })),
  },
  {
    path: '/admin/orders',
    load: () => import('./admin/admin-orders-page.tsx').then((m) => ({ Component: m.AdminOrdersPage })),
  },
  {
    path: '/admin/codes',
    load: () => import('./admin/admin-codes-page.tsx').then((m) => ({ Component: m.AdminCodesPage })),
  },
  {
    path: '/admin/api_trials',
    load: () => import('./admin/admin-api-trials-page.tsx').then((m) => ({ Component: m.AdminApiTrialsPage })),
  },
  {
    path: '/admin/imports_exports/running',
    load: () => import('./admin-imports/imports-page.tsx').then((m) => ({ Component: m.AdminImportsPage })),
  },
  {
    path: '/admin/metrics',
    load: () => import('./admin/admin-metrics-page.tsx').then((m) => ({ Component: m.AdminMetricsPage })),
  },
  // The logo menu's Dashboard and Settings (with the group path the plan class builds) and bulk licences.
  {
    path: '/dashboard',
    load: () => import('./account/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: '/g/:group/dashboard',
    load: () => import('./account/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  },
  { path: '/settings', load: () => import('./account/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })) },
  {
    path: '/g/:group/settings',
    load: () => import('./account/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
  },
  { path: '/bulk', load: () => import('./bulk/bulk-page.tsx').then((m) => ({ Component: m.BulkPage })) },
  {
    path: '/admin/bulk_requests',
    load: () => import('./admin/admin-bulk-requests-page.tsx').then((m) => ({ Component: m.AdminBulkRequestsPage })),
  },
  {
    path: '/admin/map',
    load: () => import('./admin/admin-map-page.tsx').then((m) => ({ Component: m.AdminMapPage })),
  },
  {
    path: '/admin/notify',
    load: () => import('./admin/admin-notify-page.tsx').then((m) => ({ Component: m.AdminNotifyPage })),
  },
  {
    path: '/admin/pages',
    load: () => import('./admin/admin-pages-page.tsx').then((m) => ({ Component: m.AdminPagesPage })),
  },
  {
    path: '/admin/neighborhoods/new',
    load: () =>
      import('./admin/admin-neighborhood-new-page.tsx').then((m) => ({ Component: m.AdminNeighborhoodNewPage })),
  },
  // Admin pages not built yet are "not found", not the map.
  { path: '/admin/*', load: () => import('./not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })) },
  { path: '/hs/terms', load: () => import('./legal/legal-page.tsx').then((m) => ({ Component: m.LegalPage })) },
  { path: '/hs/terms/:name', load: () => import('./legal/legal-page.tsx').then((m) => ({ Component: m.LegalPage })) },
  // Plans, checkout and billing (issue 12).
  { path: '/plans', load: () => import('./plans/plans-page.tsx').then((m) => ({ Component: m.PlansPage })) },
  {
    path: '/profile/orders',
    load: () => import('./profile/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })),
  },
  {
    path: '/g/:group/settings/billing',
    load: () => import('./billing/billing-page.tsx').then((m) => ({ Component: m.BillingPage })),
  },
  // API plans (issue 12): the API information page and the free sandbox sign-up.
  { path: '/api', load: () => import('./api/api-page.tsx').then((m) => ({ Component: m.ApiPage })) },
  {
    path: '/users/sign_up',
    load: () => import('./api/api-sandbox-signup-page.tsx').then((m) => ({ Component: m.ApiSandboxSignupPage })),
  },
  // Projects, follows and bookmarks (issue 10).
  { path: '/profile', load: () => import('./profile/projects-page.tsx').then((m) => ({ Component: m.ProjectsPage })) },
  {
    path: '/notify/follows',
    load: () => import('./follows/follows-page.tsx').then((m) => ({ Component: m.FollowsPage })),
  },
  // The data store's landing page (the insights' Buy Data Files link); the store itself is a later issue.
  {
    path: '/store',
    load: () => import('./store/store-landing-page.tsx').then((m) => ({ Component: m.StoreLandingPage })),
  },
  // The surveyor's form (issue 15).
  {
    path: '/survey/:id',
    load: () => import('./survey/survey-form-page.tsx').then((m) => ({ Component: m.SurveyFormPage })),
  },
  // The feature service (the logo menu's Feature Service); /store/esri/{country}/... stays the ESRI file store.
  {
    path: '/store/esri',
    load: () => import('./store/feature-service-page.tsx').then((m) => ({ Component: m.FeatureServicePage })),
  },
  // The data store and the cart (issue 14): /store/us/{state}, /store/ca/{province}, county pages, /store/esri/...
  {
    path: '/store/*',
    load: () => import('./store/store-place-page.tsx').then((m) => ({ Component: m.StorePlacePage })),
  },
  { path: '/orders/cart', load: () => import('./cart/cart-page.tsx').then((m) => ({ Component: m.CartPage })) },
  { path: '/orders/esri/cart', load: () => import('./cart/cart-page.tsx').then((m) => ({ Component: m.CartPage })) },
  {
    path: '/settings/property-details',
    load: () =>
      import('./property-details/property-details-page.tsx').then((m) => ({ Component: m.PropertyDetailsPage })),
  },
];

const matchers = pages.map((page) => new RegExp(`^${page.path.replace(/:[^/]+/g, '[^/]+').replace(/\*$/, '.*')}/?$`));

/** Whether a path is one of the pages (else it belongs to the map screen). */
export function isPagePath(pathname: string): boolean {
  return matchers.some((m) => m.test(pathname));
}
