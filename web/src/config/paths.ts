/**
 * Every page address of the SPA (the spec's routes, 000 §2 and 001 §2), with builders for the
 * parametrised ones. The API's paths live in `shared/routes.ts`.
 */
const enc = encodeURIComponent;

export const paths = {
  root: '/',
  login: '/login',
  logout: '/login?session=logout',
  sessionExpired: '/login?session=expired',
  loginFailed: '/login?login=failed',
  register: '/register',
  resetPassword: '/reset-password',
  activateAccount: '/activate-account',
  forgotPassword: '/forgot-password',
  /** The link of a My Account email change, sent to the new address (issue 36): `?token=`, signed in. */
  confirmEmail: '/confirm-email',
  /** Where a finished single sign-on lands (issue 26), its one-time code in the fragment. */
  ssoDone: '/sso/done',
  /** The login page with a refused single sign-on's message (shared/messages/sso.ts SSO_ERRORS). */
  ssoFailed: (key: string) => `/login?sso=${enc(key)}`,
  /** The marketing page with the 'why' section and the schedule-demo form (`?to=about|demo`). */
  home: '/home',
  privacyPolicy: '/privacypolicy',
  /** The B2B portal (001 §2): one retailer's All OH and BASKET, opened by a brand's link. */
  b2bPortal: (rId: string) => `/b2bReatilerView/${enc(rId)}`,
  b2bPortalPeriod: (rId: string, pId: string) => `/b2bReatilerView/${enc(rId)}/period/${enc(pId)}`,
  /** A retailer's page of a brand's open cases (issue 24 §3), opened by a link from the brand's email. */
  retailerCases: '/retailer-cases',
  admin: {
    home: '/admin',
    confirm: '/admin/confirm',
    postOffice: '/admin/post-office',
    postOfficeSettings: '/admin/post-office/settings',
    notifications: '/admin/post-office/notification',
    comparison: (fId: string) => `/admin/post-office/comparison/${enc(fId)}`,
    brands: '/admin/user-retailer-association',
    retailers: '/admin/retailers',
    users: '/admin/manage-users',
    permissions: '/admin/permissions',
    /** The admin's own two-step sign-in (issue 26). */
    security: '/admin/security',
  },
  dashboard: {
    root: '/dashboard',
    summary: '/dashboard/summary',
    stats: '/dashboard/stats',
    productsList: '/dashboard/products-list',
    settings: '/dashboard/profile/settings',
    inbox: '/dashboard/message-inbox',
    retailer: (rId: string) => `/dashboard/retailer/${enc(rId)}`,
    retailerPeriod: (rId: string, pId: string) => `/dashboard/retailer/${enc(rId)}/period/${enc(pId)}`,
    product: (rId: string, pId: string) => `/dashboard/retailer/${enc(rId)}/product/${enc(pId)}`,
  },
} as const;

/** Route patterns of the admin area that later issues fill in (react-router syntax). */
export const adminPatterns = [
  '/admin/post-office',
  '/admin/post-office/settings',
  '/admin/post-office/notification',
  '/admin/post-office/comparison/:fId',
  '/admin/user-retailer-association',
  '/admin/retailers',
  '/admin/manage-users',
  '/admin/permissions',
] as const;

/** Dashboard route patterns and the top-bar title of each (000 §2). */
export const dashboardPages = [
  { pattern: '/dashboard/summary', title: 'Summary View' },
  { pattern: '/dashboard/stats', title: 'Retailer List' },
  { pattern: '/dashboard/products-list', title: 'Manage Catalog' },
  { pattern: '/dashboard/message-inbox', title: 'Inbox' },
  { pattern: '/dashboard/retailer/:rId', title: 'View By Retailer' },
  { pattern: '/dashboard/retailer/:rId/period/:pId', title: 'Comparison Report' },
  { pattern: '/dashboard/retailer/:rId/product/:pId', title: 'View By Product' },
  { pattern: '/dashboard/retailer/:rId/product/:pId/sku/:brandSku', title: 'View By Product' },
  { pattern: '/dashboard/profile/settings', title: 'Settings' },
] as const;
